"""Where each result file of a run lives, the command that writes it, and the checks that a run
directory and its result files are what the readers expect.

Besides what `engram-probe run` and `engram-probe categorize` write, the readers look for the
outputs of the analysis and offload commands at fixed places, so one directory holds everything
about a run (`ARTEFACTS`). Each file's layout is declared beside the code that writes it
(`probe.analyses.formats`, `probe.offload.formats`, `probe.categorize.run`).
"""

from __future__ import annotations

import json
import shlex
from dataclasses import dataclass
from pathlib import Path

import pyarrow as pa
import pyarrow.parquet as pq

from ..analyses import formats as analysis_formats
from ..categorize.run import CATEGORIES
from ..offload import formats as offload_formats
from .aggregate import aggregate_intact
from .store import (
    AGGREGATES,
    MANIFEST,
    REPORT,
    RunError,
    checked_shards,
    corpus_argument,
    read_manifest,
    run_command,
    shard_files,
    write_atomically,
)

# name: (path inside the run directory, the command that writes it). {run} is the run directory,
# {model} the run's model (the manifest's: a bundled name or a checkpoint directory) and {corpus}
# its corpus, so an analysis is of the model and text the run probed; the bundled `baseline` is
# the comparison where one is needed.
ARTEFACTS = {
    "categories": (f"{CATEGORIES}/enrichment.parquet", "engram-probe categorize {run}"),
    "similarity": (
        "analysis/similarity.json",
        "engram-probe similarity --a {model} --b baseline --out {run}/analysis --corpus {corpus}",
    ),
    "lens": ("analysis/lens.json", "engram-probe lens {model} baseline --out {run}/analysis --corpus {corpus}"),
    "ablation": ("analysis/ablation.json", "engram-probe ablate {model} --out {run}/analysis --corpus {corpus}"),
    "offload": ("offload/offload.json", "engram-probe offload bench --out {run}/offload/offload.json"),
    "rowstats": (
        "offload/rowstats.json",
        "engram-probe offload rowstats {run}/offload/run_text.txt --model {model} --json {run}/offload/rowstats.json",
    ),
    "traffic": (
        "offload/traffic.json",
        "engram-probe offload traffic --model {model} --corpus {corpus} --out {run}/offload",
    ),
    "plan": ("offload/plan.json", "engram-probe offload plan --traffic {run}/offload/traffic.json --out {run}/offload"),
}
# the text `offload rowstats` reads for a run: the text of the run's documents (`write_run_text`)
RUN_TEXT = "offload/run_text.txt"
# the result files a command reads: computed first
NEEDS = {"plan": ("traffic",)}

GATE_COLUMNS = ("doc_id", "position", "token", "char_start", "char_end", "layer", "gates", "gate_mean", "gate_max")

# the fields the readers check in each result file
FIELDS = {**analysis_formats.FIELDS, **offload_formats.FIELDS}


@dataclass(frozen=True)
class RunCheck:
    """A usable run: its manifest, and what is incomplete about it (each with what to do)."""

    manifest: dict
    warnings: tuple[str, ...]


def artefact_path(run_dir: str | Path, name: str) -> Path:
    return Path(run_dir) / ARTEFACTS[name][0]


def artefact_command(run_dir: str | Path, name: str) -> str:
    """The command that writes `name` for this run: of the run's model on the run's corpus."""
    manifest = _read_json(Path(run_dir) / MANIFEST) or {}
    model = manifest.get("model") if isinstance(manifest.get("model"), str) else "engram"
    return ARTEFACTS[name][1].format(run=shlex.quote(str(run_dir)), model=shlex.quote(model), corpus=corpus_argument(manifest))


def job_commands(run_dir: str | Path, name: str, python: str | None = None) -> list[list[str]]:
    """The command that writes `name` for this run, as argument lists (one today; a list so a
    result that takes several steps can say so). With `python`, `engram-probe` is run as
    `python -m probe`, so a job runs the installation that started it."""
    command = shlex.split(artefact_command(run_dir, name))
    return [[python, "-m", "probe", *command[1:]] if python is not None else command]


def write_run_text(run_dir: str | Path) -> Path:
    """The text of the run's documents, in shard order, one blank line between documents, at
    `RUN_TEXT` (what `offload rowstats` reads for the run); written atomically."""
    path = Path(run_dir) / RUN_TEXT
    texts = []
    for shard in checked_shards(Path(run_dir)):
        texts += pq.read_table(shard_files(shard)[0], columns=["text"]).column("text").to_pylist()
    write_atomically(path, "\n\n".join(texts).encode(), inside=Path(run_dir))
    return path


# what a job writes into the run before its command runs: the input files the command reads
PREPARE = {"rowstats": write_run_text}


def check_run(run_dir: str | Path) -> RunCheck:
    """Raise RunError saying what is wrong and how to produce a valid run, unless `run_dir`
    holds a readable probing run with at least one committed shard."""
    run_dir = Path(run_dir)
    make = f"make one with `{run_command(run_dir)}`"
    if not run_dir.exists():
        raise RunError(f"{run_dir} does not exist; {make}")
    if not run_dir.is_dir():
        raise RunError(f"{run_dir} is a file, not a run directory; {make}")
    if (run_dir / "config.json").is_file() and (run_dir / "model.safetensors").is_file():
        raise RunError(
            f"{run_dir} is a checkpoint, not a run; "
            f"run `engram-probe run --model {shlex.quote(str(run_dir))}` first and pass its --out"
        )
    manifest = read_manifest(run_dir)
    if not isinstance(manifest, dict) or not isinstance(manifest.get("config"), dict):
        raise RunError(f"{run_dir}/manifest.json has no model config, so it was not written by `engram-probe run`; {make}")
    if not manifest["config"].get("engram"):
        raise RunError(
            f"{run_dir} was probed with a model that has no Engram layers, so it has no gates; probe an Engram model: {make}"
        )
    if not _readable_config(manifest["config"]):
        raise RunError(
            f"{run_dir}/manifest.json has a config without Engram layers, n-gram order or branch count, so it was not "
            f"written by `engram-probe run`; {make}"
        )
    shards = checked_shards(run_dir)  # refuses a part of another run, by name
    if not shards:
        raise RunError(
            f"{run_dir} has no committed shard: the run stopped before its first shard was written. "
            f"Resume it with the same command, e.g. `{run_command(run_dir, manifest)}`"
        )
    for shard in shards:
        docs = shard.with_name(shard.name.replace("gates-", "docs-"))
        for path, needed in ((shard, GATE_COLUMNS), (docs, ("doc_id", "text"))):
            try:
                names = pq.read_schema(path).names
            except (OSError, pa.ArrowException) as err:
                raise RunError(f"{path} is unreadable ({err}); probe the corpus again into a new directory: {make}") from err
            missing = [c for c in needed if c not in names]
            if missing:
                raise RunError(f"{path} lacks the columns {missing}; it was written by another version. Probe again: {make}")
    warnings = []
    if manifest.get("run_id") is None:
        warnings.append(
            "The run was made before runs recorded an id, so its parts cannot be checked to be its own. Resuming it "
            f"records one and pins its shards: `{run_command(run_dir, manifest)}`"
        )
    report = _read_json(run_dir / REPORT)
    if report and report.get("stopped_by") == "limit":
        warnings.append(
            f"The run is partial: it stopped at --limit {report.get('limit')} with {report.get('documents_total')} documents. "
            f"Complete it by running it again without --limit: `{run_command(run_dir, manifest)}`"
        )
    elif not report or not report.get("complete"):
        warnings.append(
            f"The run is partial ({len(shards)} committed shards, no completion record): it was stopped or is still running. "
            "Shown is what is committed; finish it by running the same command again (it resumes): "
            f"`{run_command(run_dir, manifest)}`"
        )
    stored = run_dir / AGGREGATES / "ngram_stats.parquet"
    if not stored.is_file():
        warnings.append(
            "The stored aggregates are missing (written when a run finishes), so they are computed from the shards: slower."
        )
    elif not aggregate_intact(stored):
        warnings.append(
            f"The stored aggregates are damaged ({stored} fails its sha256 or cannot be read), so they are computed "
            f"from the shards: slower. Running the run's command again rewrites them: `{run_command(run_dir, manifest)}`"
        )
    return RunCheck(manifest, tuple(warnings))


def _readable_config(config: dict) -> bool:
    """The fields the readers use: Engram layers (ints), the longest n-gram (>= 2), the branches (>= 1)."""
    engram = config["engram"]
    if not isinstance(engram, dict):
        return False
    layers, max_ngram, branches = engram.get("layers"), engram.get("max_ngram"), config.get("hc_streams")
    return (
        isinstance(layers, list) and bool(layers) and all(type(layer) is int for layer in layers)
        and type(max_ngram) is int and max_ngram >= 2 and type(branches) is int and branches >= 1
    )  # fmt: skip


def _read_json(path: Path) -> dict | None:
    try:
        return json.loads(path.read_text())
    except (OSError, json.JSONDecodeError):
        return None


def field_problems(data, fields: dict) -> list[str]:
    """What in `data` does not match `fields` ({dotted path: type}): each missing field or one
    of another type, by its path ('models[2].kl is missing'). An int passes for a float."""
    problems = []
    for path, kind in fields.items():
        for where, value in _values_at(data, path.split(".")):
            if value is _MISSING:
                problems.append(f"{where} is missing")
            elif not _fits(value, kind):
                problems.append(f"{where} is {type(value).__name__}, not {kind.__name__}")
    return list(dict.fromkeys(problems))


_MISSING = object()


def _fits(value, kind: type) -> bool:
    if isinstance(value, bool):  # a bool is an int to Python, never to a reader of these files
        return kind is bool
    return isinstance(value, (int, float)) if kind is float else isinstance(value, kind)


def _values_at(data, parts: list[str], where: str = ""):
    """(path as written, value or _MISSING) for every value the dotted `parts` reach."""
    if not parts:
        yield where, data
        return
    name, each = parts[0].removesuffix("[]"), parts[0].endswith("[]")
    here = f"{where}.{name}" if where else name
    if not isinstance(data, dict) or name not in data:
        yield here, _MISSING
        return
    value = data[name]
    if not each:
        yield from _values_at(value, parts[1:], here)
    elif not isinstance(value, list):
        yield here, value if not parts[1:] else _MISSING
    else:
        for i, item in enumerate(value):
            yield from _values_at(item, parts[1:], f"{here}[{i}]")


def read_artefact(run_dir: str | Path, name: str) -> dict | None:
    """An analysis or offload JSON of the run; None when absent. A file that is corrupt or
    lacks a field the browser reads (`FIELDS`) is a RunError that names the file, the first
    problems and the command writing it again."""
    path = artefact_path(run_dir, name)
    if not path.is_file():
        return None
    again = f"write it again with `{artefact_command(run_dir, name)}`"
    try:
        data = json.loads(path.read_text())
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise RunError(f"{path} is unreadable ({err}); {again}") from err
    problems = field_problems(data, FIELDS.get(name, {}))
    if name == "similarity" and not problems:
        problems = analysis_formats.similarity_problems(data)
    if problems:
        shown = "; ".join(problems[:5]) + (f"; and {len(problems) - 5} more" if len(problems) > 5 else "")
        raise RunError(f"{path} does not have the layout this app reads ({shown}): another version wrote it; {again}")
    return data
