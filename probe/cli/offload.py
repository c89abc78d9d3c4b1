"""`engram-probe offload ...`: the offloaded-table benchmark and row-frequency statistics.

Mounted by the main CLI as a sub-app: `app.add_typer(offload_app, name="offload")`.
"""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import numpy as np
import typer
from rich.table import Table

from ..offload import steps
from ..offload.rowstats import ROWSTATS_CACHE_SIZES, text_row_stats
from ..runs.exports import write_file, write_json
from ._common import (
    MAX_COUNT,
    MAX_WORKERS,
    Number,
    clean,
    command_line,
    console,
    count_option,
    list_option,
    number_option,
    output_target,
    quoted,
    safe,
    shown,
    unambiguous_model,
)

offload_app = typer.Typer(
    help="Offloaded Engram tables: benchmark and row statistics.", no_args_is_help=True, add_completion=False
)
# torch and the engine are imported inside the commands: `engram-probe --help` needs neither
MAX_GIB = 1_000_000  # cache sizes in GiB: a petabyte, beyond every table
ROW_COUNT = Number(int, 1, MAX_COUNT)
BATCH = Number(int, 1, MAX_COUNT)

# `offload traffic`'s defaults beside its steps' (probe.offload.steps)
TRAFFIC_CAPACITIES_GIB = (0.001, 0.004, 0.016, 0.064, 0.25, 1)
TRAFFIC_CACHE_TOKENS, TRAFFIC_MAX_TOKENS = 20_000, 600_000


def output_file(option: str) -> Any:
    """The callback of an option naming a result file: checked before any work (`output_target`);
    a run's `offload/` folder is where the app reads these results."""
    return lambda path: None if path is None else output_target(path, option, owns="offload")


@offload_app.command()
def bench(
    quick: bool = typer.Option(
        False, help="Every tier, reader and cache once on little data: seconds, not ten minutes; too noisy to quote."
    ),
    workdir: Path = typer.Option(
        None,
        exists=True,
        file_okay=False,
        writable=True,
        help="Where to generate the benchmark checkpoints (default: the system temp dir).",
    ),
    out: Path = typer.Option(
        Path("offload.json"),
        dir_okay=False,
        callback=output_file("--out"),
        help="Result JSON; the app reads RUN_DIR/offload/offload.json.",
    ),
) -> None:
    """Tiers x prefetch x cache x page cache on the `tiny` model and a generated 4 GiB table."""
    from probe.offload.bench import FULL, QUICK, run, summary_lines

    result = run(QUICK if quick else FULL, out, workdir, log=lambda line: console.print(shown(line)))
    typer.echo("\n".join(map(clean, summary_lines(result))))  # plain lines: a table this wide must not wrap
    console.print(f"wrote {safe(out)} in {result['wall_s']:.0f} s")


def open_addressing(model: str, tokenizer_file: Path | None = None):
    """(the model's `TableAddressing`, what its tokenizer is where the result must say so): a
    named model at its released sizes (no weights, nothing downloaded) or a checkpoint directory
    of any kind (ours, a transformers Qwen4-Exp, DeepSeek-V4.1's; its tables never read). Any
    model that cannot be addressed is refused in one line naming --model."""
    from engram_model.checkpoint import CheckpointError
    from engram_model.tokenizer import PRESET_TOKENIZERS, preset_tokenizer
    from probe.offload.models import QWEN38, QWEN38_FLASH_NEXT, checkpoint_addressing, preset_addressing

    if model == QWEN38:
        tokenizer, described = qwen_tokenizer(tokenizer_file)
        return QWEN38_FLASH_NEXT.addressing(tokenizer), described
    if tokenizer_file is not None:
        raise typer.BadParameter(
            f"--tokenizer is for {QWEN38}; {quoted(model)} brings its own tokenizer", param_hint="--tokenizer"
        )
    if model in PRESET_TOKENIZERS:
        try:
            tokenizer, vocab = preset_tokenizer(model)
        except ModuleNotFoundError as err:
            raise typer.BadParameter(str(err), param_hint="--model") from err
        return preset_addressing(model, tokenizer, vocab.lookup), None
    unambiguous_model(model)
    try:
        addressing = checkpoint_addressing(model)
    except (CheckpointError, OSError) as err:  # OSError: a folder that holds no checkpoint files
        raise typer.BadParameter(
            f"{model} is neither a named model ({', '.join([*sorted(PRESET_TOKENIZERS), QWEN38])}) nor a readable "
            f"checkpoint ({' '.join(str(err).split())})",
            param_hint="--model",
        ) from err
    except ValueError as err:  # a model without Engram layers
        raise typer.BadParameter(f"{err}", param_hint="--model") from err
    if addressing.tokenizer is None:
        raise typer.BadParameter(
            f"{model} has no tokenizer.json: its text cannot be read into token ids; put the model's tokenizer.json in it",
            param_hint="--model",
        )
    return addressing, None


@offload_app.command()
def rowstats(
    text_file: Path = typer.Argument(..., exists=True, dir_okay=False, help="UTF-8 text to address."),
    model: str = typer.Option(
        "engram",
        help="Checkpoint directory of any kind (ours, a transformers Qwen4-Exp, DeepSeek-V4.1's), bundled name, or "
        "deepseek-v4.1-flash / qwen3.8-flash-next (released sizes).",
    ),
    cache_sizes: str = list_option(  # the parser hands the command a list[int]
        ",".join(map(str, ROWSTATS_CACHE_SIZES)),
        "--sizes",
        item=ROW_COUNT,
        what="row counts",
        example="256,4096",
        help="Cache sizes (rows per layer) for the hit-rate curve.",
    ),
    json_out: Path = typer.Option(
        None, "--json", dir_okay=False, callback=output_file("--json"), help="Write the statistics as JSON."
    ),
    hot_rows_out: Path = typer.Option(
        None,
        dir_okay=False,
        callback=output_file("--hot-rows-out"),
        help="Write each layer's hot set (most requested first) as .npz for TierOptions(hot_rows=...).",
    ),
    capacity: int = count_option(65536, help="Rows per layer kept in --hot-rows-out."),
) -> None:
    """Row-frequency statistics of a text: per hash head (requests, distinct rows, Zipf fit,
    share of the top rows) and per layer the hit rate of a static cache against its size."""
    addressing, _ = open_addressing(model)
    try:
        text = text_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise typer.BadParameter(
            f"{text_file} cannot be read as UTF-8 text ({err}); give a UTF-8 text file", param_hint="TEXT_FILE"
        ) from err
    try:
        report, hot = text_row_stats(addressing, text, source=str(text_file), cache_sizes=cache_sizes, capacity=capacity)
    except ValueError as err:  # the text has no tokens
        raise typer.BadParameter(str(err), param_hint="TEXT_FILE") from err
    for stats in report["layers"].values():  # a fit of fewer than 3 repeated rows is NaN: no fit, null in JSON
        for fit in (stats, *stats["heads"]):
            fit.update({k: None if not math.isfinite(fit[k]) else fit[k] for k in ("zipf_exponent", "zipf_r2")})
    print_rowstats(report, cache_sizes)
    try:
        if json_out is not None:
            write_json(json_out, report)
            console.print(f"wrote {safe(json_out)}")
        if hot_rows_out is not None:
            write_file(hot_rows_out, lambda file: np.savez(file, **hot))
    except OSError as err:
        raise typer.BadParameter(f"cannot write {err.filename}: {err.strerror}; choose a file in a folder you can write") from err
    if hot_rows_out is not None:
        console.print(
            f"wrote {safe(hot_rows_out)}: load_model(..., tier=TierOptions('mmap', cache_rows=N, cache_policy='static', "
            f"hot_rows={{int(k): v for k, v in np.load(path).items()}}))"
        )


def fixed(value: float | None, spec: str = ".2f", missing: str = "n/a") -> str:
    """A figure to print; `missing` where there is none (None, NaN)."""
    return missing if value is None or not math.isfinite(value) else f"{value:{spec}}"


def print_rowstats(report: dict, cache_sizes: list[int]) -> None:
    console.print(f"model: {safe(report['model'])}  ·  {safe(report['text'])}  ·  {report['tokens']} tokens")
    for layer, stats in report["layers"].items():
        zipf = (
            f"Zipf exponent {stats['zipf_exponent']:.2f} (R² {stats['zipf_r2']:.2f})"
            if stats["zipf_exponent"] is not None
            else "no Zipf fit (fewer than 3 rows requested twice)"
        )
        curve = Table(title=f"layer {layer}: {stats['unique']} distinct of {stats['requests']} requested rows, {zipf}")
        for size in cache_sizes:
            curve.add_column(f"top {size}", justify="right")
        curve.add_row(*(f"{stats['hit_rate_curve'][str(s)]:.3f}" for s in cache_sizes))
        console.print(curve)
        heads = Table(title=f"layer {layer}: per hash head")
        for column in ("head", "requests", "unique", "zipf", "R²", *[f"top {s}" for s in cache_sizes[:3]]):
            heads.add_column(column, justify="right")
        for h in stats["heads"]:
            heads.add_row(
                str(h["head"]),
                str(h["requests"]),
                str(h["unique"]),
                fixed(h["zipf_exponent"]),
                fixed(h["zipf_r2"]),
                *(f"{h[f'top_{s}_share']:.3f}" for s in cache_sizes[:3]),
            )
        console.print(heads)


class Shapes:
    """The parser of --prefill: comma-separated BATCHxSEQ_LEN shapes, each side a whole number
    of at least 1 (whether the corpus fills them is checked once it is read)."""

    __name__ = "shapes"
    side = Number(int, 1, MAX_COUNT)

    def __call__(self, value: Any) -> list[tuple[int, int]] | None:
        if value is None or isinstance(value, list):
            return value
        expected = f"{quoted(value)} must be comma-separated BATCHxSEQ_LEN shapes of positive sizes, e.g. 1x2048,8x2048"
        shapes = []
        for part in (p.strip() for p in str(value).split(",")):
            if not part:
                raise typer.BadParameter(f"{expected}: a shape is empty")
            sides = part.lower().split("x")
            if len(sides) != 2:
                raise typer.BadParameter(f"{expected}: {quoted(part)} is not BATCHxSEQ_LEN")
            try:
                shapes.append((self.side.parse(sides[0], "batch "), self.side.parse(sides[1], "length ")))
            except typer.BadParameter as err:
                raise typer.BadParameter(f"{expected}: {err.message}") from None
        return shapes


QWEN_STAND_IN = "deepseek-v4"  # the named tokenizer Qwen's traffic uses when no --tokenizer is given


def qwen_tokenizer(tokenizer_file: Path | None):
    """(tokenizer, what it is) for Qwen3.8-Flash-Next at its released sizes: `tokenizer_file`
    (the checkpoint's tokenizer.json: exact traffic) or, without one, a stand-in: DeepSeek-V4's
    tokenizer, its raw ids used unchanged as Qwen ids (all lie below Qwen's 248,320)."""
    from engram_model.bridges.qwen4_exp import VOCAB_PADDING
    from engram_model.tokenizer import load_tokenizer
    from probe.offload.models import QWEN38_FLASH_NEXT as qwen

    if tokenizer_file is not None:
        try:
            tokenizer = load_tokenizer(tokenizer_file)
        except (ValueError, OSError) as err:
            raise typer.BadParameter(
                f"{tokenizer_file} is not a readable tokenizer.json ({err})", param_hint="--tokenizer"
            ) from err
        size = tokenizer.get_vocab_size(with_added_tokens=True)
        if not qwen.vocab_size - VOCAB_PADDING < size <= qwen.vocab_size:
            raise typer.BadParameter(
                f"{tokenizer_file} has {size:,} ids; Qwen3.8-Flash-Next's embedding has {qwen.vocab_size:,} rows, so its "
                f"tokenizer has at most that many and at most {VOCAB_PADDING} fewer: give the checkpoint's tokenizer.json",
                param_hint="--tokenizer",
            )
        described = {
            "kind": "given",
            "file": str(tokenizer_file),
            "ids": size,
            "note": "the given tokenizer's ids, hashed as Qwen hashes them: exact for that tokenizer",
        }
    else:
        try:
            tokenizer = load_tokenizer(QWEN_STAND_IN)
        except ModuleNotFoundError as err:
            raise typer.BadParameter(
                f"{err}; or give Qwen's own tokenizer.json with --tokenizer", param_hint="--tokenizer"
            ) from err
        size = tokenizer.get_vocab_size(with_added_tokens=True)
        described = {
            "kind": "stand-in",
            "name": QWEN_STAND_IN,
            "ids": size,
            "note": (
                f"no Qwen tokenizer is installed: the text is tokenized by DeepSeek-V4's tokenizer ({size:,} ids) and its "
                f"raw ids are used unchanged as Qwen ids (all lie below Qwen's {qwen.vocab_size:,}; no id is Qwen's "
                f"end-of-text {qwen.eos_token_id:,}, so n-grams are cut only at document starts, as at a request's). "
                "The rows are exactly Qwen's addressing of that token stream; what differs from Qwen is the stream: "
                "DeepSeek's segmentation of the text (its token counts and which n-grams repeat), not Qwen's 248k "
                "vocabulary's. Figures per token (rows, bytes) are exact; per-step distinct rows and hit rates are "
                "those of a 129k byte-level BPE. Pass --tokenizer with the checkpoint's tokenizer.json for Qwen's own."
            ),
        }
    return tokenizer, described


def traffic_corpus(corpus: str, max_tokens: int, addressing) -> tuple[list[np.ndarray], str, dict]:
    """Documents of --corpus (default, locale, or a path) as the ids the model's hash reads, at
    most `max_tokens` in all, its description, and the page-cache state of its files before
    they were read."""
    from engram_model.corpus.read import iter_documents
    from probe.offload.traffic import locale_documents, page_cache_state

    if corpus == "locale":
        files = sorted(Path("/usr/share/locale").glob("*/LC_MESSAGES/*.mo"))
        cache = page_cache_state(files)
        texts = [text for _, text in locale_documents()]
        described = f"locale: gettext catalogs under /usr/share/locale, {len(texts)} languages"
    else:
        from probe.cli import resolve_corpus

        path, split = resolve_corpus(corpus)
        files = sorted(p for p in path.rglob("*") if p.is_file()) if path.is_dir() else [path]
        cache = page_cache_state(files)
        texts = [document.text for document in iter_documents(path, split=split)]
        described = f"{corpus} ({path}{', split ' + split if split else ''})"
    documents, total = [], 0
    for encoding in addressing.tokenizer.encode_batch(texts):
        ids = np.asarray(encoding.ids[: max_tokens - total], dtype=np.int64)
        if len(ids):
            documents.append(addressing.hashed(ids))
            total += len(ids)
        if total >= max_tokens:
            break
    if not total:
        raise typer.BadParameter(f"{corpus} yields no tokens; give a corpus with text in it", param_hint="--corpus")
    return documents, described, cache


@offload_app.command()
def traffic(
    model: str = typer.Option(
        "deepseek-v4.1-flash",
        help="deepseek-v4.1-flash or qwen3.8-flash-next (addressed at their released sizes: no weights needed), or a "
        "checkpoint directory of any kind (ours, a transformers Qwen4-Exp, DeepSeek-V4.1's): its own tokenizer, "
        "hashing and table sizes, rows as it stores them; its tables are never read.",
    ),
    tokenizer_file: Path | None = typer.Option(
        None,
        "--tokenizer",
        exists=True,
        dir_okay=False,
        help="qwen3.8-flash-next only: Qwen's tokenizer.json (from the checkpoint). Without it a stand-in tokenizes the "
        "text (DeepSeek-V4's; the result says so).",
    ),
    corpus: str = typer.Option(
        "default",
        help="default (the default corpus's validation split), locale (gettext catalogs: multilingual), a text file, folder, "
        ".jsonl or .parquet.",
    ),
    out: Path = typer.Option(
        Path("."), file_okay=False, help="Folder for traffic.json (the app reads RUN_DIR/offload/traffic.json)."
    ),
    prefill: str | None = typer.Option(  # the parsers hand the command lists
        None,
        parser=Shapes(),
        metavar="BATCHxSEQ_LEN,...",
        help="Prefill steps: BATCHxSEQ_LEN, comma-separated; each needs BATCH x SEQ_LEN tokens of the corpus (default: "
        f"those of {','.join(f'{b}x{n}' for b, n in steps.PREFILL)} the corpus fills, else one that fits).",
    ),
    decode_batches: str | None = list_option(
        None,
        item=BATCH,
        what="batch sizes",
        example="1,8,64",
        help="Decode batch sizes; each needs as many tokens of the corpus (default: those of "
        f"{','.join(map(str, steps.DECODE_BATCHES))} it fills).",
    ),
    capacities: str = list_option(
        ",".join(map(str, TRAFFIC_CAPACITIES_GIB)),
        item=Number(float, 0, MAX_GIB, low_open=True),
        what="sizes in GiB",
        example="0.01,0.1,1",
        help="Cache capacities in GiB for the hit-rate curves.",
    ),
    cache_batch: int | None = count_option(
        None,
        help=f"Sequences decoding side by side in the cache simulation (default: {steps.CACHE_BATCH}, at most the corpus's "
        "tokens).",
    ),
    cache_tokens: int = count_option(
        TRAFFIC_CACHE_TOKENS, help="Tokens of the cache simulation's request stream (LRU and Belady run in Python)."
    ),
    max_tokens: int = count_option(TRAFFIC_MAX_TOKENS, help="At most this many tokens of the corpus."),
) -> None:
    """Exact Engram traffic of a model on a corpus from token ids alone: rows requested and
    distinct per prefill/decode step per n-gram order and head, bytes per token, Zipf fits,
    reuse intervals, and static/LRU/Belady hit rates against capacity in GiB."""
    output_target(out, "--out", folder=True, owns="offload")
    out_file = output_target(out / "traffic.json", "--out", owns="offload")
    report = measure_traffic(
        model, tokenizer_file, corpus, prefill, decode_batches, capacities, cache_batch, cache_tokens, max_tokens
    )
    print_traffic(report)
    try:
        write_json(out_file, report)
    except OSError as err:
        raise typer.BadParameter(
            f"cannot write {err.filename}: {err.strerror}; choose a folder you can write", param_hint="--out"
        ) from err
    console.print(f"wrote {safe(out_file)}")


def measure_traffic(
    model: str,
    tokenizer_file: Path | None,
    corpus: str,
    prefill: list[tuple[int, int]],
    decode_batches: list[int],
    capacities: list[float],
    cache_batch: int,
    cache_tokens: int,
    max_tokens: int,
) -> dict:
    """`engram-probe offload traffic`'s report (the option names are its own). Steps left out
    (None) are the defaults the corpus fills, said on the console; a step given that the corpus
    cannot fill is refused, never left out."""
    from probe.offload.traffic import check_steps, traffic_report

    addressing, tokenizer_info = open_addressing(model, tokenizer_file)
    documents, described, cache = traffic_corpus(corpus, max_tokens, addressing)
    tokens = sum(len(d) for d in documents)
    read = f"{corpus} gives {tokens:,} tokens" + (f" (at most --max-tokens {max_tokens:,})" if tokens == max_tokens else "")
    if None in (prefill, decode_batches, cache_batch):
        try:
            fitted = steps.fitting_steps(tokens)
        except ValueError as err:
            raise typer.BadParameter(f"{read}: {err}; give a corpus with more text", param_hint="--corpus") from err
        given = (prefill, decode_batches, cache_batch)
        prefill, decode_batches, cache_batch = (option or fit for option, fit in zip(given, fitted))
        fitted_shown = [
            f"prefill {', '.join(f'{b}x{n}' for b, n in prefill)}"
            if given[0] is None and fitted[0] != list(steps.PREFILL) else "",
            f"decode batches {', '.join(map(str, decode_batches))}"
            if given[1] is None and fitted[1] != list(steps.DECODE_BATCHES) else "",
        ]  # fmt: skip
        if any(fitted_shown):  # a default step left out: say which ran
            console.print(f"{safe(read)}: measuring the default steps it fills: {'; '.join(filter(None, fitted_shown))}")
    checks = {
        "--prefill": (prefill, [], 1),
        "--decode-batches": ([], decode_batches, 1),
        "--cache-batch": ([], [], cache_batch),
    }
    for option, given in checks.items():
        try:
            check_steps(tokens, *given)
        except ValueError as err:
            raise typer.BadParameter(f"{read}: {err}", param_hint=option) from err
    report = traffic_report(addressing, documents, prefill, decode_batches, capacities, cache_batch, cache_tokens)
    report = {"model": model, "corpus": described, "page_cache_before_read": cache, **report}
    if tokenizer_info is not None:
        report["tokenizer"] = tokenizer_info
    return report


def print_traffic(report: dict) -> None:
    cache = report["page_cache_before_read"]
    resident = "unknown" if cache.get("resident_share") is None else f"{cache['resident_share']:.0%} resident"
    console.print(
        f"{safe(report['model'])} · {safe(report['corpus'])} · {report['tokens']:,} tokens · page cache before read: {resident}"
    )
    zipf = "no Zipf fit" if report["zipf_exponent"] is None else f"Zipf exponent {report['zipf_exponent']:.2f}"
    console.print(
        f"{report['rows_per_token']} rows of {report['row_bytes']} B per token = {report['bytes_per_token']:,} B; "
        f"tables {report['table_gib']:.1f} GiB; {report['distinct_rows']:,} distinct rows, {zipf}"
    )
    for warning in report["hygiene"]["warnings"]:
        console.print(shown(warning, style="bold red"))
    if report.get("tokenizer", {}).get("kind") == "stand-in":
        console.print(shown(f"tokenizer (stand-in): {report['tokenizer']['note']}", style="yellow"))
    orders = [str(n) for n in report["orders"]]
    step_table = Table(title="rows per step (mean over steps): requested, distinct, distinct per n-gram order")
    for column in (
        "step",
        "steps",
        "requested",
        "distinct",
        "distinct/requested",
        "MiB distinct",
        *[f"{n}-gram" for n in orders],
    ):
        step_table.add_column(column, justify="right")
    for kind in ("prefill", "decode"):
        for s in report[kind]:
            shape = f"prefill {s['batch']}x{s['seq_len']}" if kind == "prefill" else f"decode B={s['batch']}"
            step_table.add_row(
                shape, str(s["steps"]), f"{s['requested_per_step']:,}", f"{s['distinct_per_step']:,.0f}",
                f"{s['distinct_ratio']:.3f}", f"{s['distinct_bytes_per_step'] / 2**20:.2f}",
                *(f"{s['distinct_per_order'][n]:,.0f}" for n in orders),
            )  # fmt: skip
    console.print(step_table)
    cache_sim = report["cache"]
    hits = Table(
        title=f"hit rate against capacity ({cache_sim['trace']}; footprint {cache_sim['footprint_gib']:.3f} GiB; "
        f"LRU and Belady start empty, static starts with the trace's own top rows)"
    )
    for column in ("GiB", "rows", "static", "LRU", "Belady"):
        hits.add_column(column, justify="right")
    for i, gib in enumerate(cache_sim["capacities_gib"]):
        hits.add_row(
            f"{gib:g}", f"{cache_sim['capacities_rows'][i]:,}", *(f"{cache_sim[p][i]:.3f}" for p in ("static", "lru", "belady"))
        )
    console.print(hits)


def read_json_input(path: Path, option: str, made_by: str) -> dict:
    """A JSON result another command wrote, refused in one line when absent or unreadable."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError as err:
        raise typer.BadParameter(f"{path} does not exist; make it with `{made_by}`", param_hint=option) from err
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise typer.BadParameter(
            f"{path} is not a readable JSON result ({err}); make it with `{made_by}`", param_hint=option
        ) from err
    if not isinstance(data, dict):
        raise typer.BadParameter(f"{path} is not a result object; make it with `{made_by}`", param_hint=option)
    return data


@offload_app.command()
def plan(
    profile: str = typer.Option(
        "h200", help="Hardware profile: h200, b200, gb200, b300 (probe/offload/hardware/) or a profile JSON file."
    ),
    traffic_json: Path | None = typer.Option(
        None,
        "--traffic",
        dir_okay=False,
        help="Traffic of `engram-probe offload traffic` (default: --model's on the default corpus with that command's "
        "defaults: installed with probe for deepseek-v4.1-flash and qwen3.8-flash-next, measured now for a checkpoint "
        "directory; V4.1's for another preset).",
    ),
    model: str = typer.Option(
        "deepseek-v4.1-flash",
        help="Whose backbone sets the compute per step: deepseek-v4.1-flash, qwen3.8-flash-next (its released config), "
        "another preset, or a checkpoint directory (ours, a transformers Qwen4-Exp, DeepSeek-V4.1's).",
    ),
    side_by_side: bool = typer.Option(
        False,
        "--side-by-side",
        help="Plan deepseek-v4.1-flash and qwen3.8-flash-next side by side (each with its installed traffic) on every "
        "--profiles profile: bytes per token, hit rates, host DRAM against HBM; writes plan_side_by_side.json. "
        "--profile and --model are not used.",
    ),
    profiles: str = typer.Option(
        "h200,b200,gb200,b300", help="--side-by-side: comma-separated profiles (names or profile JSON files)."
    ),
    traffic_of: str | None = typer.Option(
        None,
        metavar="MODEL=FILE,...",
        help="--side-by-side: a model's traffic file instead of its installed one, e.g. "
        "deepseek-v4.1-flash=v41/traffic.json,qwen3.8-flash-next=qwen/traffic.json (both measured on the same text).",
    ),
    batch_sizes: str = list_option(
        "1,4,16,64,256,1024,4096", item=BATCH, what="batch sizes", example="1,16,256", help="Decode batch sizes."
    ),
    gpus: int = count_option(
        8, high=MAX_WORKERS, help="GPUs per replica (tensor parallel); the tables are sharded head-wise over them."
    ),
    cache_gib: float = number_option(
        1.0, kind=float, low=1e-6, high=MAX_GIB, help="Hot-row cache in front of NVMe, GiB per replica."
    ),
    cache_policy: str = typer.Option("lru", help="Hit-rate curve that sizes the NVMe cache: static, lru or belady."),
    uva_efficiency: float = number_option(
        0.5, kind=float, low=0.01, high=1.0, help="Share of the host link a gather of scattered rows reaches (assumption)."
    ),
    active_params: float | None = number_option(
        None,
        kind=float,
        low=0.001,
        high=1e6,
        help="Active parameters in billions, instead of counting them from --model's backbone.",
    ),
    out: Path = typer.Option(Path("."), file_okay=False, help="Folder for plan.json (the app reads RUN_DIR/offload/plan.json)."),
    validate: Path = typer.Option(
        None, dir_okay=False, help="An `offload bench` result: measure this machine and predict its tiers (plan_validation.json)."
    ),
) -> None:
    """Project step time and tokens/s for the tables in HBM, host DRAM or NVMe across batch
    sizes, the HBM each option frees, rows per rank, host-memory checks; every assumption
    printed. With --side-by-side: V4.1-Flash and Qwen3.8-Flash-Next on every profile."""
    from engram_model.config import ConfigError
    from probe.offload.models import LABELS, MEASURED, QWEN38, measured_traffic, model_compute
    from probe.offload.planner import (
        CACHE_POLICIES,
        Assumptions,
        ProfileError,
        TrafficError,
        bundled_traffic,
        check_traffic,
        load_profile,
    )
    from probe.offload.planner import plan as make_plan

    output_target(out, "--out", folder=True, owns="offload")
    out_file = output_target(out / ("plan_side_by_side.json" if side_by_side else "plan.json"), "--out", owns="offload")
    if validate is not None:
        output_target(out / "plan_validation.json", "--out", owns="offload")
    if cache_policy not in CACHE_POLICIES:
        raise typer.BadParameter(
            f"{quoted(cache_policy)} is not a cache policy; choose static, lru or belady", param_hint="--cache-policy"
        )
    assumptions = Assumptions(gpus=gpus, cache_gib=cache_gib, cache_policy=cache_policy, uva_efficiency=uva_efficiency)
    if traffic_of is not None and not side_by_side:
        raise typer.BadParameter(
            "--traffic-of is for --side-by-side; plan one model's traffic with --traffic", param_hint="--traffic-of"
        )
    if side_by_side:
        for given, option in ((traffic_json, "--traffic"), (active_params, "--active-params"), (validate, "--validate")):
            if given is not None:
                raise typer.BadParameter(
                    "--side-by-side plans each model with its own installed traffic and counted backbone; "
                    f"drop {option}, or plan one model without --side-by-side",
                    param_hint=option,
                )
        result = plan_side_by_side(profiles, assumptions, batch_sizes, traffic_of)
        print_side_by_side(result)
        write_results({out_file: result})
        return
    try:
        hardware = load_profile(profile)
    except ProfileError as err:
        raise typer.BadParameter(str(err), param_hint="--profile") from err
    unambiguous_model(model)
    checkpoint = Path(model).is_dir()
    try:  # Qwen's backbone, which no ModelConfig expresses, is counted from its config
        compute = model_compute(model)
    except ConfigError as err:
        raise typer.BadParameter(f"{err}, or {QWEN38}, or a checkpoint directory", param_hint="--model") from err
    except ValueError as err:  # a CheckpointError, or a layer pattern the count does not know
        raise typer.BadParameter(" ".join(str(err).split()), param_hint="--model") from err
    active = None if active_params is None else active_params * 1e9
    if active is not None:
        try:  # given active parameters below what the routed experts alone use
            compute.with_active_params(active)
        except ValueError as err:
            raise typer.BadParameter(str(err), param_hint="--active-params") from err
    if checkpoint and traffic_json is None:  # nothing installed was measured on it: measure it as `offload traffic` does
        console.print(
            f"no --traffic: measuring {safe(model)}'s traffic on the default corpus, as "
            f"`{safe(command_line('engram-probe', 'offload', 'traffic', '--model', model))}` does (give --traffic to reuse one)"
        )
        traffic_data = measure_traffic(
            model, None, "default", None, None, list(TRAFFIC_CAPACITIES_GIB), None, TRAFFIC_CACHE_TOKENS, TRAFFIC_MAX_TOKENS
        )
        traffic_json = "measured now: " + traffic_data["corpus"]
    else:
        traffic_json = traffic_json or (measured_traffic(model) if model in MEASURED else bundled_traffic())
        traffic_data = read_json_input(traffic_json, "--traffic", "engram-probe offload traffic --out DIR")
    try:
        check_traffic(traffic_data, str(traffic_json))
    except TrafficError as err:
        raise typer.BadParameter(str(err), param_hint="--traffic") from err
    if checkpoint:
        addressing, _ = open_addressing(model)
        stored = (addressing.layers, len(addressing.layers) * addressing.addresser.config.n_heads, addressing.row_bytes)
        given = (tuple(traffic_data["layers"]), traffic_data["rows_per_token"], traffic_data["row_bytes"])
        if given != stored:
            raise typer.BadParameter(
                f"{traffic_json} is traffic of Engram layers {list(given[0])}, {given[1]} rows of {given[2]} B per token; "
                f"{model} has layers {list(stored[0])}, {stored[1]} rows of {stored[2]} B: measure it with "
                f"`engram-probe offload traffic --model {model}`",
                param_hint="--traffic",
            )
    measured_on = traffic_data.get("model")
    if measured_on in LABELS and model in LABELS and measured_on != model:
        console.print(
            shown(f"note: {traffic_json} is {measured_on}'s traffic, planned here with {model}'s backbone", style="yellow")
        )
    result = make_plan(traffic_data, compute, hardware, assumptions, batch_sizes, active)
    result["model"]["name"] = model
    result["traffic"] = str(traffic_json)
    print_plan(result)
    written = {out_file: result}
    if validate is not None:
        written[out / "plan_validation.json"] = validation(validate, traffic_data)
    write_results(written)


def write_results(written: dict[Path, dict]) -> None:
    try:
        for path, data in written.items():
            write_json(path, data)
            console.print(f"wrote {safe(path)}")
    except OSError as err:
        raise typer.BadParameter(
            f"cannot write {err.filename}: {err.strerror}; choose a folder you can write", param_hint="--out"
        ) from err


def parse_traffic_of(value: str | None, known: tuple[str, ...]) -> dict[str, Path]:
    """`MODEL=FILE,...` -> {model: file}; each model a known one, at most once."""
    out: dict[str, Path] = {}
    for part in (p.strip() for p in (value or "").split(",") if p.strip()):
        name, sep, file = part.partition("=")
        if not sep or name not in known or not file or name in out:
            raise typer.BadParameter(
                f"{quoted(part)} is not MODEL=FILE with MODEL one of {', '.join(known)} (each at most once)",
                param_hint="--traffic-of",
            )
        out[name] = Path(file)
    return out


def plan_side_by_side(profiles: str, assumptions, batches: list[int], traffic_of: str | None = None) -> dict:
    """V4.1-Flash and Qwen3.8-Flash-Next, each with its installed traffic (or `traffic_of`'s), on every profile."""
    from probe.offload.compare import side_by_side
    from probe.offload.models import KNOWN, LABELS, MEASURED, measured_traffic, model_compute
    from probe.offload.planner import ProfileError, TrafficError, check_traffic, load_profile

    names = [p.strip() for p in profiles.split(",")]
    if not all(names):
        raise typer.BadParameter(f"{quoted(profiles)}: a profile is empty; give e.g. h200,b200", param_hint="--profiles")
    try:
        hardware = {name: load_profile(name) for name in names}
    except ProfileError as err:
        raise typer.BadParameter(str(err), param_hint="--profiles") from err
    given = parse_traffic_of(traffic_of, KNOWN)
    models = {}
    for name in KNOWN:
        path = given.get(name, measured_traffic(name))
        traffic_data = read_json_input(path, "--traffic-of", f"engram-probe offload traffic --model {name}")
        try:
            check_traffic(traffic_data, str(path))
        except TrafficError as err:
            raise typer.BadParameter(str(err), param_hint="--traffic-of") from err
        if traffic_data.get("model", name) != name:
            raise typer.BadParameter(f"{path} is {traffic_data['model']}'s traffic, not {name}'s", param_hint="--traffic-of")
        origin = str(path) if name in given else f"{MEASURED[name]} (installed with probe)"
        models[name] = (LABELS[name], traffic_data, model_compute(name), origin)
    return side_by_side(models, hardware, assumptions, batches)


def validation(bench_json: Path, traffic_data: dict) -> dict:
    """Measure this machine, predict the offload bench's tiers, print predicted vs measured."""
    import tempfile

    from probe.offload.bench import measure_machine
    from probe.offload.planner import validate_against_bench

    bench_result = read_json_input(bench_json, "--validate", "engram-probe offload bench")
    if not isinstance(bench_result.get("models"), dict) or "large" not in bench_result["models"]:
        raise typer.BadParameter(
            f"{bench_json} has no `large` model; give a full `offload bench` result", param_hint="--validate"
        )
    row = bench_result["models"]["large"]["table_bytes"]  # the bench's rows: fp32 of the tiny model's head width
    from engram_model import ModelConfig

    row_bytes = ModelConfig.preset("tiny").engram.head_dim * 4
    console.print(f"measuring this machine ({row_bytes}-B rows, as the bench's {row / 2**30:.1f} GiB fp32 tables) ...")
    result = {
        "bench": str(bench_json),
        **validate_against_bench(bench_result, measure_machine(Path(tempfile.gettempdir()), row_bytes)),
    }
    for label in ("with_disk_measured_now", "with_disk_measured_during_bench"):
        table = Table(title=f"planner vs offload bench ({label.replace('_', ' ')})")
        for column in ("tier", "workload", "rows/step", "predicted", "measured", "predicted/measured", "±20%"):
            table.add_column(column, justify="right")
        for r in result[label]:
            table.add_row(
                r["tier"], r["workload"], f"{r['distinct_rows_per_step']:,.0f}", f"{r['predicted_ratio_to_resident']:.3f}",
                f"{r['measured_ratio_to_resident']:.3f}", f"{r['predicted_over_measured']:.2f}",
                "yes" if r["within_20_percent"] else "NO",
            )  # fmt: skip
        console.print(table)
    return result


def print_plan(result: dict) -> None:
    console.print(
        f"profile: {safe(result['profile'])} · tables {result['table_gib']:.1f} GiB · active parameters "
        f"{result['model']['active_params'] / 1e9:.2f} B"
    )
    console.print("assumptions:")
    for line in result["assumption_lines"]:
        console.print(shown(f"  {line}"))
    for key, source in result["profile_sources"].items():
        console.print(shown(f"  {key}: {source}"))
    table = Table(title="decode: step time and throughput per placement")
    for column in ("batch", "option", "step ms", "Engram ms", "tok/s/user", "tok/s/GPU", "HBM freed GiB/GPU"):
        table.add_column(column, justify="right")
    for p in result["projections"]:
        table.add_row(
            str(p["batch"]), p["option"], f"{p['step_s'] * 1e3:.2f}", f"{p['engram_s'] * 1e3:.3f}",
            f"{p['tokens_per_s_per_user']:,.1f}", f"{p['tokens_per_s_per_gpu']:,.0f}", f"{p['hbm_freed_gib_per_gpu']:.1f}",
        )  # fmt: skip
    console.print(table)
    prefill = Table(title="prefill (the traffic's measured shapes): step time per placement")
    for column in ("B x T", "option", "step ms", "compute ms", "Engram ms", "tok/s/GPU"):
        prefill.add_column(column, justify="right")
    for p in result["prefill"]:
        prefill.add_row(
            f"{p['batch']}x{p['seq_len']}", p["option"], f"{p['step_s'] * 1e3:.2f}", f"{p['compute_s'] * 1e3:.2f}",
            f"{p['engram_s'] * 1e3:.3f}", f"{p['tokens_per_s_per_gpu']:,.0f}",
        )  # fmt: skip
    console.print(prefill)
    placed = result["placement"]
    for layout, stats in placed["tensor_parallel"].items():
        console.print(
            f"prefill {placed['prefill']}, {placed['ranks']} tensor-parallel ranks, heads {layout}: rows per rank "
            f"{', '.join(f'{r:,.0f}' for r in stats['rows_per_rank'])} (max/mean {stats['imbalance_max_over_mean']:.2f})"
        )
    for check in placed["checks"]:
        console.print(shown(f"check: {check}"))


def print_side_by_side(result: dict) -> None:
    models = result["models"]
    labels = [m["label"] for m in models.values()]
    for m in models.values():
        s = m["summary"]
        console.print(
            shown(
                f"{m['label']}: {s['rows_per_token']} rows of {s['row_bytes']} B per token = {s['bytes_per_token']:,} B; "
                f"tables {s['table_gib']:.1f} GiB; {m['active_params'] / 1e9:.2f} B active parameters; traffic "
                f"{s['tokens']:,} tokens ({s['tokenizer']} tokenizer), {m['traffic']}"
            )
        )
    traffic = Table(title="traffic, side by side")
    for column in ("", *labels):
        traffic.add_column(column, justify="right")
    summaries = [m["summary"] for m in models.values()]
    traffic.add_row("Engram layers (0-based)", *(", ".join(map(str, s["engram_layers"])) for s in summaries))
    traffic.add_row("orders x heads per layer", *(f"{s['orders']} x {s['heads_per_layer']}" for s in summaries))
    traffic.add_row("rows per token", *(str(s["rows_per_token"]) for s in summaries))
    traffic.add_row("bytes per row", *(str(s["row_bytes"]) for s in summaries))
    traffic.add_row("bytes per token", *(f"{s['bytes_per_token']:,}" for s in summaries))
    traffic.add_row("tables GiB", *(f"{s['table_gib']:.1f}" for s in summaries))
    for b in summaries[0]["decode_distinct_per_step"]:
        traffic.add_row(
            f"decode B={b}: distinct rows (share)",
            *(
                f"{s['decode_distinct_per_step'][b]:,.0f} ({s['decode_distinct_ratio'][b]:.3f})"
                if b in s["decode_distinct_per_step"]
                else "n/a"
                for s in summaries
            ),
        )
    for i, shape in enumerate(summaries[0]["prefill"]):
        traffic.add_row(
            f"prefill {shape['shape']}: distinct MiB (share)",
            *(
                f"{s['prefill'][i]['distinct_mib']:,.1f} ({s['prefill'][i]['distinct_ratio']:.3f})"
                if i < len(s["prefill"]) and s["prefill"][i]["shape"] == shape["shape"]
                else "n/a"
                for s in summaries
            ),
        )
    console.print(traffic)
    if len({(s["corpus"], s["tokens"]) for s in summaries}) > 1:
        console.print(
            shown(
                "note: the models' traffic was measured on different text ("
                + " vs ".join(f"{s['tokens']:,} tokens of {s['corpus']}" for s in summaries)
                + "): per-token figures compare as they are; per-step and hit-rate figures carry the texts' difference too "
                "(--traffic-of: traffic of both measured on one text)",
                style="yellow",
            )
        )
    hits = Table(title="hit rate against capacity (static / LRU / Belady); each model's own decode trace")
    hits.add_column("GiB", justify="right")
    for label in labels:
        hits.add_column(label, justify="right")
    capacities = summaries[0]["cache"]["capacities_gib"]
    for i, gib in enumerate(capacities):
        cells = []
        for s in summaries:
            cache = s["cache"]
            cells.append(
                " / ".join(f"{cache[p][i]:.3f}" for p in ("static", "lru", "belady"))
                if i < len(cache["capacities_gib"]) and cache["capacities_gib"][i] == gib
                else "n/a"
            )
        hits.add_row(f"{gib:g}", *cells)
    console.print(hits)
    for profile in result["profiles"]:
        table = Table(
            title=f"{result['profile_names'][profile]}: decode step ms with the tables in HBM / host DRAM "
            "(DRAM's share of HBM's speed)"
        )
        table.add_column("batch", justify="right")
        for label in labels:
            table.add_column(label, justify="right")
        per_model = [m["profiles"][profile] for m in models.values()]
        for i, row in enumerate(per_model[0]["decode"]):
            table.add_row(
                str(row["batch"]),
                *(
                    f"{p['decode'][i]['hbm_step_s'] * 1e3:.2f} / {p['decode'][i]['host_dram_step_s'] * 1e3:.2f} "
                    f"({p['decode'][i]['dram_over_hbm']:.3f})"
                    for p in per_model
                ),
            )
        console.print(table)
        for label, p in zip(labels, per_model):
            console.print(shown(f"  {label}: {p['verdict']['line']}"))
    console.print("assumptions (both models):")
    for line in result["assumption_lines"]:
        console.print(shown(f"  {line}"))
    for line in result["notes"]:
        console.print(shown(f"  note: {line}"))
