"""`engram-probe`: the batch command line."""

from __future__ import annotations

import sysconfig
from pathlib import Path

import torch
import typer
from rich.console import Console
from rich.table import Table

from engram_model import EngramLM, ModelConfig, configure_for_tokenizer, load_model, train_bpe
from engram_model.checkpoint import CheckpointError, resolve_checkpoint

from .ngrams import suffix_ngram_texts

app = typer.Typer(help="Run and probe Engram language models.", no_args_is_help=True, add_completion=False)
console = Console()


@app.callback()
def engram_probe() -> None:
    """Run and probe Engram language models."""

DEFAULT_TEXT = (
    "Alexander the Great was born in Pella, the capital of Macedon. By the way, the Milky Way "
    "is a barred spiral galaxy. Licensed under the Apache License, Version 2.0."
)


def stdlib_tokenizer():
    """A 4k byte-level BPE trained on the running Python's `email` and `json` packages: a
    deterministic stand-in until the bundled tokenizer lands with the default checkpoints."""
    stdlib = Path(sysconfig.get_paths()["stdlib"])
    files = sorted((stdlib / "email").glob("*.py")) + sorted((stdlib / "json").glob("*.py"))
    return train_bpe((f.read_text(encoding="utf-8") for f in files), vocab_size=4096)


def open_model(model: str) -> tuple[EngramLM, str]:
    """A checkpoint by path or bundled name; while no default is bundled, the `tiny` preset
    with random weights, so every stage still runs for real."""
    try:
        return load_model(resolve_checkpoint(model)), model
    except CheckpointError as err:
        if model != "engram" or "is missing" not in str(err):
            raise typer.BadParameter(str(err), param_hint="--model") from err
    tokenizer = stdlib_tokenizer()
    torch.manual_seed(0)
    cfg = configure_for_tokenizer(ModelConfig.preset("tiny"), tokenizer)
    return EngramLM(cfg, tokenizer).eval(), "tiny preset, untrained (seed 0): no bundled checkpoint yet"


@app.command()
def gates(
    text: str = typer.Argument(DEFAULT_TEXT, help="Text to run through the model."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name (engram, baseline)."),
    top: int = typer.Option(10, help="Show the N positions with the highest mean gate per layer (0: every position, in order)."),
) -> None:
    """Tokenize, address, run the model and print each Engram layer's gate per n-gram."""
    lm, described = open_model(model)
    if lm.cfg.engram is None:
        raise typer.BadParameter(f"{model} has no Engram layers, so there are no gates to show", param_hint="--model")
    tokens = lm.to_tokens(text)
    with torch.no_grad():
        _, cache = lm.run_with_cache(tokens, names_filter=lambda name: name.endswith("engram.hook_gate"))
    ngrams = suffix_ngram_texts(lm.tokenizer, tokens[0].tolist(), lm.cfg.engram.max_ngram)
    console.print(f"[bold]model[/]: {described}  ·  {tokens.shape[1]} tokens  ·  Engram layers {list(lm.cfg.engram.layers)}")
    for layer in lm.cfg.engram.layers:
        gate = cache[f"blocks.{layer}.engram.hook_gate"][0]  # [T, M]
        positions = range(gate.shape[0])
        if top:
            positions = gate.mean(-1).topk(min(top, gate.shape[0])).indices.tolist()
        table = Table(title=f"layer {layer}: gate per branch", show_lines=False)
        table.add_column("pos", justify="right")
        for n in lm.cfg.engram.orders:
            table.add_column(f"{n}-gram")
        for branch in range(gate.shape[1]):
            table.add_column(f"b{branch}", justify="right")
        table.add_column("mean", justify="right")
        for t in positions:
            cells = [repr(s)[1:-1] for s in ngrams[t]]
            table.add_row(str(t), *cells, *(f"{g:.3f}" for g in gate[t].tolist()), f"{gate[t].mean():.3f}")
        console.print(table)
