"""Training: the spec's optimiser rules, warmup and cosine decay, validation loss per domain,
checkpoints that survive a kill, and named recipes that reproduce the bundled models.

    summary = train(RECIPES["engram"], train_docs, validation_docs, tokenizer, out_dir)

A run directory holds `state-NNNNNN/` (model checkpoint + optimiser state, safetensors only),
`latest` (the name of the newest complete state; written last, so a kill never leaves a half
state behind it), `metrics.csv` (training loss, learning rate, tokens/s), `eval.csv`
(validation loss per domain and overall, and the validation tokens read) and `summary.json`. Starting again in the same directory
resumes from `latest`; batches are a function of (seed, step), so a resumed run reads the
same data a straight one would.
"""

from __future__ import annotations

import csv
import dataclasses
import io
import json
import math
import os
import platform
import re
import shutil
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from pathlib import Path
from typing import Annotated

import numpy as np
import torch
from safetensors import SafetensorError
from safetensors.torch import load_file, save_file
from tokenizers import Tokenizer
from torch import nn
from torch.nn import functional as F

from .addressing import table_primes
from .checkpoint import CheckpointError, save_model
from .config import MAX_ALLOCATION_BYTES, Allocation, ConfigError, ModelConfig, Range, check_bytes, check_fields, parse_json
from .corpus import Document
from .engram import Engram
from .files import remove_leftovers, write_atomically
from .layers import MoE, RoutedExperts
from .loading import load_model
from .model import EngramLM, configure_for_tokenizer
from .tables import ResidentTable
from .tokenizer import BOS, EOS

SAVE_DTYPES = {"float32": torch.float32, "bfloat16": torch.bfloat16}


class TrainingError(ValueError):
    """Training cannot start or resume as asked; the message names the input and the fix."""


class TrainConfigError(TrainingError, ConfigError):
    """A training config field of the wrong type or out of bounds (both a TrainingError and a ConfigError)."""


MAX_STEPS = 2**40
_Count = Annotated[int, Range(1, MAX_STEPS)]  # steps and token counts
_Fraction = Annotated[float, Range(min=0, below=1)]


@dataclass(frozen=True)
class TrainConfig:
    """Fields are checked by type and bounds when made (`engram_model.config.check_fields`),
    and the batch by the bytes its logits would take."""

    model: ModelConfig  # sized to the tokenizer when training starts
    tokens: Annotated[int, Range(1, 2**62)]  # training budget; steps = tokens // (batch_size * seq_len)
    seq_len: Annotated[int, Range(1, 2**31)] = 512
    batch_size: Annotated[int, Range(1, 2**24)] = 8
    lr: Annotated[float, Range(above=0, max=10)] = 3e-3  # peak learning rate of the backbone
    # spec §4: Engram tables learn 5x faster, with Adam and no weight decay
    table_lr_multiplier: Annotated[float, Range(min=0, max=1e6)] = 5.0
    weight_decay: Annotated[float, Range(min=0, max=10)] = 0.1  # matrices only; norms, gains, biases and tables get none
    betas: tuple[_Fraction, _Fraction] = (0.9, 0.95)
    grad_clip: Annotated[float, Range(above=0)] = 1.0  # over the dense parameters (the tables' sparse rows are not clipped)
    warmup_steps: Annotated[int, Range(0, MAX_STEPS)] = 100
    min_lr_ratio: Annotated[float, Range(0, 1)] = 0.1  # cosine decay ends at this fraction of the peak
    balance_rate: Annotated[float, Range(0, 1)] = 1e-3  # MoE expert-bias step (auxiliary-loss-free load balancing)
    sparse_tables: bool = True  # sparse table gradients: Adam touches only the rows a batch read
    eval_every: _Count = 300  # steps
    # during training; the final evaluation reads the whole split
    eval_tokens_per_domain: Annotated[int, Range(1, 2**62)] = 32_768
    checkpoint_every: _Count = 100  # steps
    log_every: _Count = 10  # steps
    seed: Annotated[int, Range(0, 2**63 - 1)] = 0
    threads: Annotated[int, Range(0, 4096)] = 0  # torch CPU threads; 0 keeps torch's default
    save_dtype: str = "float32"  # "bfloat16": rounded before the final evaluation, and saved so

    def __post_init__(self) -> None:
        check_fields(self, "train config ", TrainConfigError)
        if self.steps < 1:
            raise TrainConfigError(f"tokens={self.tokens} is less than one batch of {self.batch_size} x {self.seq_len}")
        if self.save_dtype not in SAVE_DTYPES:
            raise TrainConfigError(f"save_dtype={self.save_dtype!r}; choose one of {sorted(SAVE_DTYPES)}")
        if self.seq_len > self.model.max_seq_len:
            raise TrainConfigError(f"seq_len={self.seq_len} exceeds the model's max_seq_len={self.model.max_seq_len}")
        width = max(self.model.vocab_size, self.model.d_model * self.model.hc_streams, self.model.d_ff)
        sizes = {"train config batch_size": self.batch_size, "seq_len": self.seq_len}
        logits = Allocation(
            sizes, self.batch_size * self.seq_len * width * 4, f"one batch's logits ([batch, seq_len, {width}] fp32)"
        )
        check_bytes([logits], MAX_ALLOCATION_BYTES, TrainConfigError)

    @property
    def steps(self) -> int:
        return self.tokens // (self.batch_size * self.seq_len)

    def to_dict(self) -> dict:
        return {**dataclasses.asdict(self), "model": self.model.to_dict()}

    @classmethod
    def from_dict(cls, data: dict) -> TrainConfig:
        if not isinstance(data, dict) or not isinstance(data.get("model"), dict):
            raise TrainConfigError("a training config is a JSON object of fields whose 'model' is a model config object")
        unknown = sorted(set(data) - {f.name for f in dataclasses.fields(cls)})
        if unknown:
            raise TrainConfigError(f"unknown training config field(s) {unknown}")
        try:
            return cls(**{**data, "model": ModelConfig.from_dict(data["model"])})
        except TypeError as err:  # a required field missing
            raise TrainConfigError(f"training config fields do not fit TrainConfig: {err}") from err


# --- parameter accounting -------------------------------------------------------------------


def parameter_counts(model: EngramLM) -> dict[str, int]:
    """total; tables (Engram rows); active (what one token uses: unchosen routed experts and
    unread table rows excluded); embedding (the input embedding's share of total)."""
    total = sum(p.numel() for p in model.parameters())  # a tied unembedding is counted once
    tables = sum(m.num_rows * m.row_dim for m in model.modules() if isinstance(m, ResidentTable))
    inactive_experts = 0
    for module in model.modules():
        if isinstance(module, MoE):
            per_expert = sum(p[0].numel() for p in module.experts.parameters())  # stacked [n, ...]
            inactive_experts += (len(module.experts) - module.top_k) * per_expert
    rows_read = 0
    if model.cfg.engram is not None:
        rows_read = len(model.cfg.engram.layers) * model.cfg.engram.memory_dim
    return {
        "total": total,
        "tables": tables,
        "active": total - inactive_experts - tables + rows_read,
        "embedding": model.embed.weight.numel(),
    }


def engram_projection_params(cfg: ModelConfig) -> int:
    """What one Engram module holds besides its table (keys, values, gate norms, short conv):
    parameters every token uses."""
    module = Engram(cfg, table_primes(cfg.engram)[cfg.engram.layers[0]], ResidentTable(2, cfg.engram.head_dim))
    return sum(p.numel() for name, p in module.named_parameters() if not name.startswith("table."))


def table_params(cfg: ModelConfig) -> int:
    primes = table_primes(cfg.engram)
    return sum(sum(map(sum, primes[layer])) for layer in cfg.engram.layers) * cfg.engram.head_dim


def matched_baseline(cfg: ModelConfig) -> ModelConfig:
    """The MoE baseline for an Engram config at rho = 1: the tables' parameters become extra
    routed experts (same top-k, so the same active experts), and the Engram projections,
    which every token uses, widen the dense FFN so active parameters match too."""
    if cfg.engram is None or cfg.moe is None:
        raise ValueError("matched_baseline needs an MoE config with Engram layers")
    expert_params = 3 * cfg.d_model * cfg.moe.d_expert
    moe_layers = sum(cfg.is_moe_layer(layer) for layer in range(cfg.n_layers))
    return without_engram(cfg, cfg.moe.n_routed + round(table_params(cfg) / (expert_params * moe_layers)))


def without_engram(cfg: ModelConfig, n_routed: int) -> ModelConfig:
    """`cfg` with `n_routed` routed experts and no Engram modules; their projections, which
    every token uses, widen the dense FFN so active parameters stay as they were."""
    dense_layers = sum(not cfg.is_moe_layer(layer) for layer in range(cfg.n_layers))
    if dense_layers == 0:
        raise ValueError("folding Engram into the MoE widens a dense FFN layer; this config has none (first_dense_layers=0)")
    extra_ff = round(len(cfg.engram.layers) * engram_projection_params(cfg) / (3 * cfg.d_model * dense_layers))
    moe = dataclasses.replace(cfg.moe, n_routed=n_routed)
    return dataclasses.replace(cfg, engram=None, moe=moe, d_ff=cfg.d_ff + extra_ff)


def training_flops(counts: dict[str, int], cfg: ModelConfig, seq_len: int, tokens: int) -> float:
    """6 N D over the parameters a token multiplies with (the input embedding is a lookup, the
    unembedding a matmul, even when tied), plus attention scores and mixing: 6 * n_layers *
    seq_len * n_heads * d_head per token (the causal half of 12)."""
    matmul_params = counts["active"] - (0 if cfg.tie_embeddings else counts["embedding"])
    per_token = 6 * matmul_params + 6 * cfg.n_layers * seq_len * cfg.n_heads * cfg.d_head
    return float(per_token) * tokens


# --- data -----------------------------------------------------------------------------------


def tokenize_documents(documents: Iterable[Document], tokenizer: Tokenizer) -> dict[str, np.ndarray]:
    """Per domain, every document as BOS ids EOS, concatenated: `{domain: int32 [n_tokens]}`."""
    bos, eos = tokenizer.token_to_id(BOS), tokenizer.token_to_id(EOS)
    if bos is None or eos is None:
        raise TrainingError(f"the tokenizer has no {BOS} or {EOS} token; train one with engram_model.train_bpe, which adds them")
    by_domain: dict[str, list[Document]] = {}
    for doc in documents:
        if not isinstance(doc.text, str):
            raise TrainingError(
                f"document {doc.doc_id!r} has a text of type {type(doc.text).__name__}, not str; pass a text column"
            )
        by_domain.setdefault(doc.domain, []).append(doc)
    streams = {}
    for domain, docs in sorted(by_domain.items()):
        encoded = tokenizer.encode_batch([d.text for d in docs])
        streams[domain] = np.concatenate([np.asarray([bos, *e.ids, eos], dtype=np.int32) for e in encoded])
    return streams


def training_batch(stream: np.ndarray, step: int, cfg: TrainConfig) -> torch.Tensor:
    """`[batch, seq_len]` windows at random offsets, a function of (seed, step) only."""
    rng = np.random.default_rng((cfg.seed, step))
    starts = rng.integers(0, len(stream) - cfg.seq_len + 1, size=cfg.batch_size)
    return torch.from_numpy(np.stack([stream[s : s + cfg.seq_len] for s in starts]).astype(np.int64))


def validation_windows(stream: np.ndarray, seq_len: int, max_tokens: int | None) -> torch.Tensor:
    """Consecutive non-overlapping windows from the start of a domain's stream."""
    usable = len(stream) if max_tokens is None else min(len(stream), max_tokens)
    n = max(1, usable // seq_len) if len(stream) >= seq_len else 0
    return torch.from_numpy(stream[: n * seq_len].reshape(n, seq_len).astype(np.int64))


@torch.no_grad()
def window_losses(
    model: EngramLM, streams: dict[str, np.ndarray], seq_len: int, max_tokens: int | None, batch_size: int = 8
) -> dict[str, np.ndarray]:
    """Per domain, the mean next-token loss of each validation window: `{domain: float64 [windows]}`,
    the unit a bootstrap over text resamples."""
    was_training = model.training
    model.eval()
    losses = {}
    for domain, stream in streams.items():
        windows = validation_windows(stream, seq_len, max_tokens)
        per_window = []
        for i in range(0, len(windows), batch_size):
            batch = windows[i : i + batch_size].to(model.device)
            logits = model(batch)
            token_loss = F.cross_entropy(logits[:, :-1].transpose(1, 2).float(), batch[:, 1:], reduction="none")  # [b, T-1]
            per_window.append(token_loss.double().mean(dim=1).cpu())
        if per_window:
            losses[domain] = torch.cat(per_window).numpy()
    model.train(was_training)
    return losses


def evaluate(model: EngramLM, streams: dict[str, np.ndarray], seq_len: int, max_tokens: int | None, batch_size: int = 8) -> dict:
    """Mean next-token loss per domain and over every evaluated token ("overall"; every
    window holds seq_len - 1 predictions, so it is the mean over windows)."""
    losses = window_losses(model, streams, seq_len, max_tokens, batch_size)
    result = {domain: float(values.mean()) for domain, values in losses.items()}
    every = np.concatenate(list(losses.values()))
    result["overall"] = float(every.mean())
    result["tokens"] = len(every) * (seq_len - 1)
    return result


# --- optimisation ---------------------------------------------------------------------------


def learning_rate(step: int, cfg: TrainConfig) -> float:
    """Linear warmup to `lr`, then cosine decay to `min_lr_ratio * lr` at the last step."""
    if step < cfg.warmup_steps:
        return cfg.lr * (step + 1) / cfg.warmup_steps
    progress = (step - cfg.warmup_steps) / max(1, cfg.steps - cfg.warmup_steps)
    cosine = 0.5 * (1 + math.cos(math.pi * min(1.0, progress)))
    return cfg.lr * (cfg.min_lr_ratio + (1 - cfg.min_lr_ratio) * cosine)


def build_optimizers(model: EngramLM, cfg: TrainConfig) -> dict[str, torch.optim.Optimizer]:
    """`dense`: AdamW, weight decay on Linear/Embedding matrices and the routed experts'
    stacked matrices only. `tables`: Adam at lr x table_lr_multiplier, no weight decay
    (SparseAdam when table gradients are sparse)."""
    tables, decay, no_decay = [], [], []
    for module in model.modules():
        for name, param in module.named_parameters(recurse=False):
            if isinstance(module, ResidentTable):
                tables.append(param)
            elif isinstance(module, RoutedExperts) or isinstance(module, (nn.Linear, nn.Embedding)) and name == "weight":
                decay.append(param)
            else:
                no_decay.append(param)
    decay = list({id(p): p for p in decay}.values())  # tied embeddings appear twice
    groups = [{"params": decay, "weight_decay": cfg.weight_decay}, {"params": no_decay, "weight_decay": 0.0}]
    optimizers = {"dense": torch.optim.AdamW(groups, lr=cfg.lr, betas=cfg.betas)}
    if tables:
        table_lr = cfg.lr * cfg.table_lr_multiplier
        adam = torch.optim.SparseAdam if cfg.sparse_tables else torch.optim.Adam
        optimizers["tables"] = adam(tables, lr=table_lr, betas=cfg.betas)
    return optimizers


def set_learning_rate(optimizers: dict[str, torch.optim.Optimizer], lr: float, cfg: TrainConfig) -> None:
    for name, optimizer in optimizers.items():
        for group in optimizer.param_groups:
            group["lr"] = lr * (cfg.table_lr_multiplier if name == "tables" else 1.0)


class ExpertLoads:
    """Counts how often each routed expert is chosen, through `hook_expert_indices`, and
    nudges each MoE layer's `expert_bias` towards the mean load after a step."""

    def __init__(self, model: EngramLM, rate: float):
        self.rate = rate
        self.layers = {f"blocks.{i}.mlp": b.mlp for i, b in enumerate(model.blocks) if isinstance(b.mlp, MoE)}
        self.loads = {name: torch.zeros(len(moe.experts)) for name, moe in self.layers.items()}

    def hooks(self) -> list[tuple[str, Callable]]:
        return [(f"{name}.hook_expert_indices", self.count) for name in self.layers]

    def count(self, indices: torch.Tensor, hook) -> None:
        name = hook.name.rsplit(".", 1)[0]
        self.loads[name] += torch.bincount(indices.flatten().cpu(), minlength=len(self.loads[name])).float()

    @torch.no_grad()
    def rebalance(self) -> None:
        for name, moe in self.layers.items():
            load = self.loads[name]
            moe.expert_bias += self.rate * torch.sign(load.mean() - load).to(moe.expert_bias.device)
            load.zero_()


# --- state on disk --------------------------------------------------------------------------

LATEST = "latest"


def save_state(out_dir: Path, model: EngramLM, optimizers: dict, progress: dict, cfg: TrainConfig) -> Path:
    """Write state-NNNNNN/ completely, then point `latest` at it, then drop older states."""
    state_dir = out_dir / f"state-{progress['step']:06d}"
    save_model(model, state_dir / "model")
    for name, optimizer in optimizers.items():
        tensors, meta = _flatten_optimizer(optimizer.state_dict())
        save_file(tensors, state_dir / f"optimizer-{name}.safetensors")
        (state_dir / f"optimizer-{name}.json").write_text(json.dumps(meta))
    (state_dir / "progress.json").write_text(json.dumps({**progress, "train_config": cfg.to_dict()}, indent=2))
    write_atomically(out_dir / LATEST, state_dir.name.encode())
    for old in out_dir.glob("state-*"):
        if old.name != state_dir.name:
            shutil.rmtree(old)
    return state_dir


RUN_FILES = ("latest", "metrics.csv", "eval.csv", "summary.json", "final")  # beside the state-NNNNNN/ folders
_RUN_FILE = "|".join(map(re.escape, RUN_FILES))
RUN_ENTRIES = re.compile(rf"(state-\d{{6}}|{_RUN_FILE})|\.({_RUN_FILE})\..*")  # a run's own entries and their temporaries


def check_run_directory(out_dir: Path) -> None:
    """Refuse an `out_dir` that holds anything a training run does not write there: saving
    replaces states and `final`, and would destroy what another tool or a person put there."""
    if out_dir.exists() and not out_dir.is_dir():
        raise TrainingError(f"{out_dir} is a file; pass a new or empty directory, or a training run to resume")
    strangers = sorted(p.name for p in out_dir.iterdir() if not RUN_ENTRIES.fullmatch(p.name)) if out_dir.is_dir() else []
    if strangers:
        raise TrainingError(
            f"{out_dir} holds {', '.join(strangers[:5])}{' …' if len(strangers) > 5 else ''}, which no training run writes; "
            "pass a new or empty directory, or a training run to resume"
        )


def load_state(out_dir: Path, cfg: TrainConfig, tokenizer: Tokenizer | None = None) -> tuple[EngramLM, dict, dict] | None:
    """(model, optimizer state dicts, progress) from `latest`, or None for a fresh run. A
    `tokenizer` must be the one the run started with (compared by content)."""
    pointer = out_dir / LATEST
    if not pointer.is_file():
        return None
    state_dir = out_dir / pointer.read_text().strip()
    try:
        progress = parse_json((state_dir / "progress.json").read_text(), str(state_dir / "progress.json"))
        recorded = progress.pop("train_config")
    except (OSError, ValueError, KeyError, TypeError, AttributeError) as err:
        raise TrainingError(
            f"{out_dir / LATEST} names {state_dir}, whose progress.json is missing or unreadable ({err}); "
            "the run cannot resume: start it again with a new --out"
        ) from err
    if recorded != json.loads(json.dumps(cfg.to_dict())):
        raise TrainingError(
            f"{out_dir} holds a run with another training config (see {state_dir / 'progress.json'}); "
            "resume it with the same recipe and options, or choose a new --out"
        )
    try:
        model = load_model(state_dir / "model", tokenizer=tokenizer)
        optimizer_states = {}
        for path in state_dir.glob("optimizer-*.safetensors"):
            name = path.stem.removeprefix("optimizer-")
            optimizer_states[name] = _read_optimizer_state(path)
    except (CheckpointError, OSError, ValueError) as err:
        raise TrainingError(f"the run in {out_dir} cannot resume from {state_dir.name}: {err}") from err
    return model, optimizer_states, progress


def _read_optimizer_state(path: Path) -> dict:
    try:
        return _unflatten_optimizer(load_file(path), json.loads(path.with_suffix(".json").read_text()))
    except (SafetensorError, OSError, ValueError, KeyError, TypeError) as err:
        raise ValueError(f"{path} or its .json is unreadable ({err})") from err


def _flatten_optimizer(state_dict: dict) -> tuple[dict[str, torch.Tensor], dict]:
    tensors, scalars = {}, {}
    for index, entries in state_dict["state"].items():
        for key, value in entries.items():
            if isinstance(value, torch.Tensor):
                tensors[f"{index}.{key}"] = value.detach().cpu().contiguous()
            else:
                scalars[f"{index}.{key}"] = value
    return tensors, {"param_groups": state_dict["param_groups"], "scalars": scalars}


def _unflatten_optimizer(tensors: dict[str, torch.Tensor], meta: dict) -> dict:
    state: dict[int, dict] = {}
    for flat, value in [*tensors.items(), *meta["scalars"].items()]:
        index, key = flat.split(".", 1)
        state.setdefault(int(index), {})[key] = value
    return {"state": state, "param_groups": meta["param_groups"]}


def _write_csv(path: Path, rows: list[dict]) -> None:
    if not rows:
        return
    text = io.StringIO()
    writer = csv.DictWriter(text, fieldnames=list(rows[0]))
    writer.writeheader()
    writer.writerows(rows)
    write_atomically(path, text.getvalue().encode())


def tokenized_splits(
    train_docs: Iterable[Document], validation_docs: Iterable[Document], tokenizer: Tokenizer, seq_len: int
) -> tuple[np.ndarray, dict[str, np.ndarray]]:
    """The training stream and the validation streams per domain, refused when training has
    less than one window or any validation domain could not be evaluated on a full window
    (it would drop out of the reported loss without a word)."""
    train_stream = np.concatenate(list(tokenize_documents(train_docs, tokenizer).values()) or [np.zeros(0, np.int32)])
    validation = tokenize_documents(validation_docs, tokenizer)
    if len(train_stream) < seq_len:
        raise TrainingError(
            f"the training split has {len(train_stream)} tokens, fewer than one window of {seq_len}: add training text"
        )
    if not validation:
        raise TrainingError("the validation split is empty: build the corpus with a validation split, or pass one")
    short = {domain: len(stream) for domain, stream in validation.items() if len(stream) < seq_len}
    if short:
        raise TrainingError(
            f"validation domains {short} have fewer tokens than one window of {seq_len}: "
            "add validation text for them, or remove their documents"
        )
    return train_stream, validation


# --- the loop -------------------------------------------------------------------------------


def train(
    cfg: TrainConfig,
    train_docs: Iterable[Document],
    validation_docs: Iterable[Document],
    tokenizer: Tokenizer,
    out_dir: str | Path,
    recipe: str = "custom",
    on_step: Callable[[dict], None] | None = None,
) -> dict:
    """Train (or resume) in `out_dir`; returns the summary also written to summary.json.
    `on_step` receives each logged metrics row (the CLI's progress bar)."""
    check_run_directory(Path(out_dir))
    train_stream, validation = tokenized_splits(train_docs, validation_docs, tokenizer, cfg.seq_len)
    return train_on_streams(cfg, train_stream, validation, tokenizer, out_dir, recipe, on_step)


def train_on_streams(
    cfg: TrainConfig,
    train_stream: np.ndarray,
    validation: dict[str, np.ndarray],
    tokenizer: Tokenizer,
    out_dir: str | Path,
    recipe: str = "custom",
    on_step: Callable[[dict], None] | None = None,
) -> dict:
    """`train` on streams `tokenized_splits` made, so that runs sharing a corpus (a sweep)
    tokenize it once."""
    out_dir = Path(out_dir)
    check_run_directory(out_dir)
    for name in RUN_FILES:  # what a killed run was writing: its temporaries go, a `final` it was replacing comes back
        remove_leftovers(out_dir / name)
    if cfg.threads:
        torch.set_num_threads(cfg.threads)
    resumed = load_state(out_dir, cfg, tokenizer)
    out_dir.mkdir(parents=True, exist_ok=True)  # only once every input is known to be usable
    if resumed is None:
        torch.manual_seed(cfg.seed)
        model = EngramLM(configure_for_tokenizer(cfg.model, tokenizer), tokenizer)
        optimizer_states, progress = {}, {"step": 0, "elapsed_s": 0.0, "metrics": [], "evals": []}
    else:
        model, optimizer_states, progress = resumed
    for module in model.modules():
        if isinstance(module, ResidentTable):
            module.sparse_grad = cfg.sparse_tables
    model.train()
    optimizers = build_optimizers(model, cfg)
    for name, state in optimizer_states.items():
        optimizers[name].load_state_dict(state)
    loads = ExpertLoads(model, cfg.balance_rate)
    dense_params = [p for g in optimizers["dense"].param_groups for p in g["params"]]
    tokens_per_step = cfg.batch_size * cfg.seq_len

    window_start, window_tokens = time.perf_counter(), 0
    elapsed_before = progress["elapsed_s"]
    run_start = time.perf_counter()
    for step in range(progress["step"], cfg.steps):
        lr = learning_rate(step, cfg)
        set_learning_rate(optimizers, lr, cfg)
        batch = training_batch(train_stream, step, cfg)
        with model.hooks(fwd_hooks=loads.hooks()):
            loss = model(batch, return_type="loss")
        for optimizer in optimizers.values():
            optimizer.zero_grad(set_to_none=True)
        loss.backward()
        torch.nn.utils.clip_grad_norm_(dense_params, cfg.grad_clip)
        for optimizer in optimizers.values():
            optimizer.step()
        loads.rebalance()
        window_tokens += tokens_per_step
        done = step + 1
        elapsed = elapsed_before + time.perf_counter() - run_start
        if done % cfg.log_every == 0 or done == cfg.steps:
            now = time.perf_counter()
            row = {
                "step": done,
                "tokens": done * tokens_per_step,
                "lr": lr,
                "loss": loss.item(),
                "tokens_per_s": window_tokens / (now - window_start),
                "elapsed_s": elapsed,
            }
            window_start, window_tokens = now, 0
            progress["metrics"].append(row)
            if on_step:
                on_step(row)
        if done % cfg.eval_every == 0 and done < cfg.steps:
            result = evaluate(model, validation, cfg.seq_len, cfg.eval_tokens_per_domain)
            progress["evals"].append({"step": done, **result})  # result["tokens"]: validation tokens read
        if done % cfg.checkpoint_every == 0 or done == cfg.steps:
            progress.update(step=done, elapsed_s=elapsed)
            save_state(out_dir, model, optimizers, progress, cfg)
            _write_csv(out_dir / "metrics.csv", progress["metrics"])
            _write_csv(out_dir / "eval.csv", progress["evals"])

    dtype = SAVE_DTYPES[cfg.save_dtype]
    if dtype != torch.float32:  # evaluate exactly the weights that ship
        with torch.no_grad():
            for param in model.parameters():
                param.copy_(param.to(dtype))
    final = evaluate(model, validation, cfg.seq_len, None)
    counts = parameter_counts(model)
    summary = {
        "recipe": recipe,
        "steps": cfg.steps,
        "tokens": cfg.steps * tokens_per_step,
        "train_tokens_available": len(train_stream),
        "epochs": cfg.steps * tokens_per_step / len(train_stream),
        "wall_time_s": progress["elapsed_s"],
        "parameters": counts,
        "training_flops": training_flops(counts, model.cfg, cfg.seq_len, cfg.steps * tokens_per_step),
        "validation": final,
        "evals": progress["evals"],
        "seed": cfg.seed,
        "train_config": cfg.to_dict(),
        "machine": {"platform": platform.platform(), "cpus": os.cpu_count(), "torch_threads": torch.get_num_threads()},
        "torch": torch.__version__,
    }
    write_atomically(out_dir / "summary.json", json.dumps(summary, indent=2).encode())
    row_format = {"float32": "fp32", "bfloat16": "bf16"}[cfg.save_dtype]
    save_model(model, out_dir / "final", row_format=row_format, extra_json={"training.json": summary}, weights_dtype=dtype)
    return summary


# --- recipes --------------------------------------------------------------------------------
# The bundled defaults: the same budget, schedule and data for both, so the comparison is the
# architecture alone (engram: the `tiny` preset; baseline: `tiny-baseline`, matched at rho = 1).

_ENGRAM_RECIPE = TrainConfig(
    model=ModelConfig.preset("tiny"),
    tokens=1200 * 16 * 256,
    seq_len=256,
    batch_size=16,
    lr=3e-3,
    warmup_steps=100,
    save_dtype="bfloat16",
    threads=1,
)
RECIPES: dict[str, TrainConfig] = {
    "engram": _ENGRAM_RECIPE,
    "baseline": dataclasses.replace(_ENGRAM_RECIPE, model=ModelConfig.preset("tiny-baseline")),
}
