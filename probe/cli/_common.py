"""What several commands share: opening a model and resolving a corpus, with errors that name the option.

Kept apart from `probe.cli` so a command module imports it without importing the command group.
"""

from __future__ import annotations

from pathlib import Path

import typer
from rich.console import Console

console = Console()


def open_model(model: str, tokenizer: Path | None = None, tier: str = "resident", prefetch: bool = False):
    """(EngramLM, description, checkpoint directory) for a checkpoint path or bundled name
    (engram, baseline). A `tokenizer` that does not fit the model stops here, before anything
    is written."""
    from engram_model import load_model, load_tokenizer
    from engram_model.checkpoint import CheckpointError, resolve_checkpoint
    from engram_model.tables import TableError

    if (Path(model) / "shards").is_dir():
        raise typer.BadParameter(
            f"{model} is a probing run, not a checkpoint; pass a checkpoint directory or a bundled name (engram, baseline)",
            param_hint="--model",
        )
    tok = load_tokenizer(tokenizer) if tokenizer is not None else None
    try:
        directory = resolve_checkpoint(model)
        return load_model(directory, tokenizer=tok, tier=tier, prefetch=prefetch), str(model), directory
    except TableError as err:
        raise typer.BadParameter(str(err), param_hint="--tier") from err
    except CheckpointError as err:
        raise typer.BadParameter(str(err), param_hint="--model/--tokenizer") from err


def resolve_corpus(corpus: str) -> tuple[Path, str | None]:
    """(path, split): `default` is the default corpus's validation split, `heldout` the held-out
    evaluation set (text the corpus never reads, all of it), each built on first use."""
    if corpus == "default":
        from engram_model.corpus import ensure_default_corpus

        path = ensure_default_corpus(lambda: console.print("building the default corpus (once; `engram-probe corpus build` rebuilds it)"))
        return path, "validation"
    if corpus == "heldout":
        from engram_model.corpus import ensure_heldout_corpus

        return ensure_heldout_corpus(lambda: console.print("building the held-out evaluation set (once)")), None
    path = Path(corpus)
    if not path.exists():
        raise typer.BadParameter(f"{corpus} does not exist: pass default, heldout, a text file, a folder, .jsonl or .parquet", param_hint="--corpus")
    return path, None
