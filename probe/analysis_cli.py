"""`engram-probe similarity`, `lens` and `ablate`: depth analyses of one or two checkpoints.

Each command reads a corpus as `engram-probe run` does (`--corpus default` is the default
corpus's validation split), cuts every document into chunks of `--max-tokens` (a later chunk's
n-grams continue from the chunk before it), stops once `--tokens` tokens are read, and writes
into `--out`:

    similarity.json   engram-probe similarity --a CKPT --b CKPT
      {"analysis": "similarity",
       "a": MODEL, "b": MODEL, "corpus": CORPUS, "positions": POSITIONS,
       "representation": str,            # what a layer's vector is (streams summed, as before ln_final)
       "minibatch": int,                 # positions per minibatch of the unbiased HSIC estimate
       "layers_a": [0, ..., La-1], "layers_b": [0, ..., Lb-1],   # blocks.{L}.hook_resid_post
       "cka": [[float]] [La][Lb],        # linear minibatch CKA, rows a's layers, columns b's
       "cka_a": [[float]] [La][La], "cka_b": [[float]] [Lb][Lb],   # each model against itself
       "alignment": {"k": int, "a_j": [float] [La]}}   # soft alignment of a's layer j to b's layers
    cka.html          heatmap of "cka" (a's layer on y, b's layer on x)
    alignment.html    a_j against j, with the diagonal a_j = j

    lens.json         engram-probe lens CKPT [CKPT ...]
      {"analysis": "lens", "corpus": CORPUS, "positions": POSITIONS,
       "models": [{"model": MODEL,
                   "layers": [-1, 0, ..., L-1],      # -1: the embedding, else blocks.{L}.hook_resid_post
                   "kl": [float],                    # mean KL(final || layer) in nats over the positions
                   "kl_sem": [float],                # its standard error
                   "top1": [float]}]}                # share of positions whose top token matches the final one
    lens.html         KL(final || layer) against layer, one curve per model

    ablation.json     engram-probe ablate CKPT
      {"analysis": "ablation", "model": MODEL, "corpus": CORPUS,
       "mode": "gate" | "memory",                    # Engram off by zeroing hook_gate or hook_memory
       "conditions": {name: description},            # on, off, and off_pinned for MoE models
       "overall": GROUP,
       "by_domain": [GROUP + {"domain": str}],       # the document's corpus domain
       "by_category": [GROUP + {"category": str}],   # probe.categorize label of the predicted token
       "generation": {"prefill_fraction": float,     # teacher-forced continuation after a prefill
                      "tokens": int,
                      "loss": {"on", "off", "off_prefill", "off_decode": float},
                      "delta": {same keys: float}}}
      GROUP = {"tokens": int, "loss": {condition: float}, "delta": {condition: loss - loss["on"]}}
    ablation_domain.html, ablation_category.html   loss change per domain / category, one bar per condition
    ablation_generation.html                       continuation loss per condition

    MODEL     = {"name": str, "description": str, "model_hash": str, "n_layers": int,
                 "engram_layers": [int], "hc_streams": int, "moe_layers": [int]}
    CORPUS    = {"path": str, "split": str | null, "documents": int, "chunks": int, "tokens": int,
                 "max_tokens": int}
    POSITIONS = {"rule": "all" | "sample" | "entities", "count": int, "sample": int | null,
                 "seed": int, "description": str}

Losses are mean next-token cross-entropy in nats per token, computed in float32; padding is
never counted.
"""
