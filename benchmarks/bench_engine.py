"""Our engine against Hugging Face `transformers` on the same architecture, side by side.

    python benchmarks/bench_engine.py [--repeats 7] [--threads 2] [--out results/engine.json]
    python benchmarks/bench_engine.py recipes --before /work/main [--steps 20]

The first form builds the bundled `baseline` architecture (width 128, 6 layers, 4 query / 2 KV
heads, a dense first layer, then 1 shared + 10 routed top-1 experts of width 256, tied
embeddings) three ways: ours at 1 hyper-connection stream (the fair comparison: HF has
none), ours at 2 streams (the bundled checkpoint as is), and a `Qwen2MoeForCausalLM` with the
same sizes (random weights, initialised like ours). It measures, in one process and
alternating between the models on every repeat, best and median of `--repeats`: prefill
(a no-grad forward to logits) at several batch x length shapes, greedy decode tokens/s at
batch 1 and 4 (a fixed number of new tokens, no early stop), and a training step (forward,
backward, AdamW) in tokens/s. It also measures the bundled `engram` checkpoint the same way
and the share of its prefill spent in Engram (addressing plus the Engram modules).
Writes benchmarks/results/engine.json (or `--out`).

The `recipes` form runs `engram_model.train` for `--steps` steps of each bundled recipe
with this checkout's engine and with the one at `--before`, each in its own process,
alternating, and adds the tokens/s it logs to engine.json.
Needs `transformers` (the `bench` extra) for the first form only.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import platform
import statistics
import subprocess
import sys
import sysconfig
import tempfile
import time
from pathlib import Path

import torch

RESULTS = Path(__file__).parent / "results" / "engine.json"
PREFILL_SHAPES = ((1, 64), (1, 256), (8, 64), (8, 256))
DECODE_BATCHES = (1, 4)
DECODE_PROMPT, DECODE_NEW = 16, 64
TRAIN_SHAPE = (4, 128)


# --- the models ----------------------------------------------------------------------------


def our_models() -> dict:
    from engram_model import EngramLM, load_model

    checkpoint = load_model("baseline").eval()
    torch.manual_seed(0)
    one_stream = EngramLM(dataclasses.replace(checkpoint.cfg, hc_streams=1), checkpoint.tokenizer).eval()
    return {"ours_1_stream": one_stream, "ours_2_streams": checkpoint, "ours_engram": load_model("engram").eval()}


def hf_model(cfg):
    """`Qwen2MoeForCausalLM` sized like our config, every matrix drawn as ours are (a zero
    router would send every token to one expert)."""
    from transformers import Qwen2MoeConfig, Qwen2MoeForCausalLM

    hf_cfg = Qwen2MoeConfig(
        vocab_size=cfg.vocab_size,
        hidden_size=cfg.d_model,
        intermediate_size=cfg.d_ff,
        num_hidden_layers=cfg.n_layers,
        num_attention_heads=cfg.n_heads,
        num_key_value_heads=cfg.n_kv_heads,
        max_position_embeddings=cfg.max_seq_len,
        rms_norm_eps=cfg.norm_eps,
        tie_word_embeddings=cfg.tie_embeddings,
        rope_parameters={"rope_type": "default", "rope_theta": cfg.rope_theta},
        moe_intermediate_size=cfg.moe.d_expert,
        shared_expert_intermediate_size=cfg.moe.d_expert * cfg.moe.n_shared,
        num_experts=cfg.moe.n_routed,
        num_experts_per_tok=cfg.moe.top_k,
        norm_topk_prob=True,
        mlp_only_layers=list(range(cfg.first_dense_layers)),
        pad_token_id=0,
        eos_token_id=None,
    )
    torch.manual_seed(0)
    model = Qwen2MoeForCausalLM(hf_cfg).eval()
    with torch.no_grad():
        for name, param in model.named_parameters():
            if param.ndim >= 2:
                param.normal_(0.0, cfg.init_std)
    return model


def parameter_count(model) -> int:
    return sum(p.numel() for p in model.parameters())


# --- one measurement per kind ----------------------------------------------------------------


def is_ours(model) -> bool:
    return hasattr(model, "new_state")


def prefill(model, tokens: torch.Tensor) -> None:
    with torch.no_grad():
        model(tokens) if is_ours(model) else model(tokens, use_cache=False)


def decode(model, prompt: torch.Tensor) -> None:
    if is_ours(model):
        model.generate(prompt, max_new_tokens=DECODE_NEW, stop_at_eos=False)
    else:
        with torch.no_grad():
            model.generate(prompt, max_new_tokens=DECODE_NEW, min_new_tokens=DECODE_NEW, do_sample=False)


def train_step(model, optimizer, tokens: torch.Tensor) -> None:
    loss = model(tokens, return_type="loss") if is_ours(model) else model(tokens, labels=tokens, use_cache=False).loss
    optimizer.zero_grad(set_to_none=True)
    loss.backward()
    optimizer.step()


def measurements(models: dict, vocab_size: int) -> dict:
    """{kind: (tokens per call, {model name: zero-argument call})}."""
    generator = torch.Generator().manual_seed(0)
    random_tokens = lambda batch, length: torch.randint(3, vocab_size, (batch, length), generator=generator)  # noqa: E731
    kinds = {}
    for batch, length in PREFILL_SHAPES:
        tokens = random_tokens(batch, length)
        kinds[f"prefill_{batch}x{length}"] = (
            batch * length,
            {n: (lambda m=m, t=tokens: prefill(m, t)) for n, m in models.items()},
        )
    for batch in DECODE_BATCHES:
        prompt = random_tokens(batch, DECODE_PROMPT)
        kinds[f"decode_batch_{batch}"] = (
            batch * DECODE_NEW,
            {n: (lambda m=m, p=prompt: decode(m, p)) for n, m in models.items()},
        )
    tokens = random_tokens(*TRAIN_SHAPE)
    steps = {}
    for name, model in models.items():
        # a training step on a copy, so the models measured above keep their weights
        trained = _trainable_copy(model)
        optimizer = torch.optim.AdamW(trained.parameters(), lr=1e-4)
        steps[name] = lambda m=trained, o=optimizer: train_step(m, o, tokens)
    kinds[f"train_step_{TRAIN_SHAPE[0]}x{TRAIN_SHAPE[1]}"] = (TRAIN_SHAPE[0] * TRAIN_SHAPE[1], steps)
    return kinds


def _trainable_copy(model):
    import copy

    return copy.deepcopy(model).train()


def run_alternating(kinds: dict, repeats: int) -> dict:
    """Every repeat runs every model once per kind, in turn, after one warm-up call each."""
    times = {kind: {name: [] for name in calls} for kind, (_, calls) in kinds.items()}
    for _, calls in kinds.values():
        for call in calls.values():
            call()
    for repeat in range(repeats):
        print(f"repeat {repeat + 1}/{repeats}", file=sys.stderr, flush=True)
        for kind, (_, calls) in kinds.items():
            for name, call in calls.items():
                start = time.perf_counter()
                call()
                times[kind][name].append(time.perf_counter() - start)
    results = {}
    for kind, (n_tokens, _) in kinds.items():
        results[kind] = {
            name: {
                "best_tokens_per_s": n_tokens / min(seconds),
                "median_tokens_per_s": n_tokens / statistics.median(seconds),
                "seconds": seconds,
            }
            for name, seconds in times[kind].items()
        }
    return results


def engram_share(model, batch: int, length: int, repeats: int) -> dict:
    """Share of a no-grad prefill spent in Engram: the host-side addressing (`engram_rows`)
    plus every Engram module's forward, timed by hooks around them."""
    tokens = torch.randint(3, model.cfg.vocab_size, (batch, length), generator=torch.Generator().manual_seed(1))
    spent, started = [], {}
    handles = []
    for block in model.blocks:
        if block.engram is not None:
            handles.append(
                block.engram.register_forward_pre_hook(lambda mod, args: started.__setitem__(mod, time.perf_counter()))
            )
            handles.append(
                block.engram.register_forward_hook(lambda mod, args, out: spent.append(time.perf_counter() - started[mod]))
            )
    totals, shares = [], []
    with torch.no_grad():
        model(tokens)
        for _ in range(repeats):
            spent.clear()
            start = time.perf_counter()
            rows = model.engram_rows(tokens)
            addressing = time.perf_counter() - start
            model(tokens, rows=rows)
            total = time.perf_counter() - start
            totals.append(total)
            shares.append((addressing + sum(spent)) / total)
    for handle in handles:
        handle.remove()
    return {
        "batch": batch,
        "seq_len": length,
        "median_share": statistics.median(shares),
        "median_prefill_s": statistics.median(totals),
    }


def ratios(results: dict, ours: str, reference: str) -> dict:
    return {
        kind: {
            "best": by_model[ours]["best_tokens_per_s"] / by_model[reference]["best_tokens_per_s"],
            "median": by_model[ours]["median_tokens_per_s"] / by_model[reference]["median_tokens_per_s"],
        }
        for kind, by_model in results.items()
    }


def compare(repeats: int, threads: int) -> dict:
    import transformers

    torch.set_num_threads(threads)
    ours = our_models()
    hf = hf_model(ours["ours_1_stream"].cfg)
    models = {
        "ours_1_stream": ours["ours_1_stream"],
        "hf_qwen2_moe": hf,
        "ours_2_streams": ours["ours_2_streams"],
        "ours_engram": ours["ours_engram"],
    }
    results = run_alternating(measurements(models, hf.config.vocab_size), repeats)
    return {
        "parameters": {name: parameter_count(model) for name, model in models.items()},
        "hf": {
            "transformers": transformers.__version__,
            "attn_implementation": hf.config._attn_implementation,
            "experts_implementation": getattr(hf.config, "_experts_implementation", None),
        },
        "results": results,
        "ours_1_stream_over_hf": ratios(results, "ours_1_stream", "hf_qwen2_moe"),
        "ours_2_streams_over_hf": ratios(results, "ours_2_streams", "hf_qwen2_moe"),
        "engram_share_of_prefill": engram_share(ours["ours_engram"], *PREFILL_SHAPES[-1], repeats),
    }


# --- bundled recipes before and after --------------------------------------------------------


def recipe_throughput(recipe: str, steps: int) -> float:
    """Tokens/s of a bundled recipe's training, run by `engram_model.train.train` itself for
    `steps` steps on text from the standard library (throughput does not depend on what the
    text says): the figure it logs for the second half of the steps, after warm-up."""
    from engram_model import load_model
    from engram_model.corpus import Document
    from engram_model.train import RECIPES, train

    sources = sorted(Path(sysconfig.get_paths()["stdlib"]).glob("*.py"))[:80]
    documents = [Document(path.name, path.read_text(encoding="utf-8", errors="replace"), domain="code") for path in sources]
    cfg = RECIPES[recipe]
    cfg = dataclasses.replace(cfg, tokens=steps * cfg.batch_size * cfg.seq_len, log_every=steps // 2, eval_every=steps + 1)
    logged = []
    with tempfile.TemporaryDirectory() as out_dir:
        train(cfg, documents, documents[:1], load_model(recipe, verify=False).tokenizer, out_dir, recipe, on_step=logged.append)
    return logged[-1]["tokens_per_s"]


def recipes(before: Path, steps: int, rounds: int) -> dict:
    """Each measurement in a fresh process with PYTHONPATH on one checkout, alternating."""
    trees = {"before": before.resolve(), "after": Path(__file__).resolve().parent.parent}
    figures = {recipe: {label: [] for label in trees} for recipe in ("baseline", "engram")}
    for _ in range(rounds):
        for recipe in figures:
            for label, tree in trees.items():
                env = {**os.environ, "PYTHONPATH": str(tree)}
                out = subprocess.run(
                    [sys.executable, __file__, "recipe-step", recipe, "--steps", str(steps)],
                    env=env,
                    check=True,
                    capture_output=True,
                    text=True,
                )
                figures[recipe][label].append(float(out.stdout.split()[-1]))
    return summarise_rounds(figures, steps)


def summarise_rounds(figures: dict, steps: int) -> dict:
    """{recipe: {"before"/"after": [tokens/s per round]}} -> best, median and their ratios."""
    best = {recipe: {label: max(v) for label, v in by.items()} for recipe, by in figures.items()}
    median = {recipe: {label: statistics.median(v) for label, v in by.items()} for recipe, by in figures.items()}
    return {
        "steps": steps,
        "statistic": "the tokens/s engram_model.train logs over the second half of the steps, per round",
        "best_tokens_per_s": best,
        "median_tokens_per_s": median,
        "after_over_before": {
            recipe: {
                "best": best[recipe]["after"] / best[recipe]["before"],
                "median": median[recipe]["after"] / median[recipe]["before"],
            }
            for recipe in figures
        },
        "all_rounds": figures,
    }


def write_results(path: Path, section: str, data: dict) -> None:
    existing = json.loads(path.read_text()) if path.exists() else {}
    existing.update(
        benchmark="engine",
        machine={"cpu": platform.machine(), "cpus": os.cpu_count(), "torch": torch.__version__},
        **{section: data},
    )
    path.write_text(json.dumps(existing, indent=2) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("mode", nargs="?", default="compare", choices=("compare", "recipes", "recipe-step"))
    parser.add_argument("recipe", nargs="?", help="recipe-step only: which bundled recipe")
    parser.add_argument("--repeats", type=int, default=7)
    parser.add_argument("--threads", type=int, default=2)
    parser.add_argument("--before", type=Path, help="recipes: the checkout to compare against (e.g. main's)")
    parser.add_argument("--steps", type=int, default=20)
    parser.add_argument("--rounds", type=int, default=2)
    parser.add_argument("--out", type=Path, default=RESULTS, help=f"the JSON file to write or update (default {RESULTS.name})")
    args = parser.parse_args()
    if args.mode == "recipe-step":
        print(recipe_throughput(args.recipe, args.steps))
    elif args.mode == "recipes":
        if args.before is None or not (args.before / "engram_model").is_dir():
            parser.error(f"--before {args.before}: expected a checkout holding engram_model/, e.g. --before /work/main")
        write_results(args.out, "recipes", recipes(args.before, args.steps, args.rounds))
        print(json.dumps(json.loads(args.out.read_text())["recipes"], indent=2))
    else:
        data = compare(args.repeats, args.threads)
        write_results(args.out, "compare", {"threads": args.threads, "repeats": args.repeats, **data})
        summary = {k: v for k, v in data.items() if k not in ("results",)}
        print(json.dumps(summary, indent=2))


if __name__ == "__main__":
    main()
