"""`engram-probe offload ...`: the offloaded-table benchmark and row-frequency statistics.

Mounted by the main CLI as a sub-app: `app.add_typer(offload_app, name="offload")`.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import numpy as np
import typer
from rich.console import Console
from rich.table import Table

from engram_model._io import write_atomically

from ..rowstats import ROWSTATS_CACHE_SIZES, text_row_stats

offload_app = typer.Typer(help="Offloaded Engram tables: benchmark and row statistics.", no_args_is_help=True, add_completion=False)
console = Console()
# torch and the engine are imported inside the commands: `engram-probe --help` needs neither


def output_file(path: Path | None) -> Path | None:
    """An output file option: refused before any work if its folder cannot be made or written."""
    if path is None:
        return None
    folder = path.absolute().parent
    existing = next(p for p in (folder, *folder.parents) if p.exists())
    if not existing.is_dir() or not os.access(existing, os.W_OK | os.X_OK):
        raise typer.BadParameter(f"{path}: cannot write into {existing}; choose a file in a folder you can write")
    return path


@offload_app.command()
def bench(
    quick: bool = typer.Option(False, help="Every tier, reader and cache once on little data: seconds, not ten minutes; too noisy to quote."),
    workdir: Path = typer.Option(
        None, exists=True, file_okay=False, writable=True, help="Where to generate the benchmark checkpoints (default: the system temp dir)."
    ),
    out: Path = typer.Option(
        Path("offload.json"), dir_okay=False, callback=output_file, help="Result JSON; the app reads RUN_DIR/offload/offload.json."
    ),
) -> None:
    """Tiers x prefetch x cache x page cache on the `tiny` model and a generated 4 GiB table."""
    from engram_model.offload_bench import FULL, QUICK, run, summary_lines

    result = run(QUICK if quick else FULL, out, workdir, log=console.print)
    typer.echo("\n".join(summary_lines(result)))  # plain lines: a table this wide must not wrap
    console.print(f"wrote {out} in {result['wall_s']:.0f} s")


def open_for_rows(model: str):
    """A checkpoint's addressing and tokenizer without reading its tables (mmap tier, no
    hashing): row ids depend only on the addressing, never on the weights."""
    from engram_model import load_model
    from engram_model.checkpoint import resolve_checkpoint

    return load_model(resolve_checkpoint(model), tier="mmap", verify=False)


def int_list_option(text: str, what: str, example: str) -> list[int]:
    """A comma-separated list of positive integers, refused with an example otherwise."""
    try:
        values = [int(s) for s in text.split(",") if s.strip()]
    except ValueError as err:
        raise typer.BadParameter(f"{text!r} must be comma-separated {what}, e.g. {example}") from err
    if not values or min(values) < 1:
        raise typer.BadParameter(f"{text!r} must be comma-separated {what} of at least 1, e.g. {example}")
    return values


def cache_sizes_option(sizes: str) -> list[int]:
    """--sizes: comma-separated row counts, each at least 1."""
    return int_list_option(sizes, "row counts", "256,4096")


@offload_app.command()
def rowstats(
    text_file: Path = typer.Argument(..., exists=True, dir_okay=False, help="UTF-8 text to address."),
    model: str = typer.Option("engram", help="Checkpoint directory or bundled name."),
    cache_sizes: str = typer.Option(  # the callback hands the command a list[int]
        ",".join(map(str, ROWSTATS_CACHE_SIZES)), "--sizes", callback=cache_sizes_option, help="Cache sizes (rows per layer) for the hit-rate curve."
    ),
    json_out: Path = typer.Option(None, "--json", dir_okay=False, callback=output_file, help="Write the statistics as JSON."),
    hot_rows_out: Path = typer.Option(None, dir_okay=False, callback=output_file, help="Write each layer's hot set (most requested first) as .npz for load_model(hot_rows=...)."),
    capacity: int = typer.Option(65536, min=1, help="Rows per layer kept in --hot-rows-out."),
) -> None:
    """Row-frequency statistics of a text: per hash head (requests, distinct rows, Zipf fit,
    share of the top rows) and per layer the hit rate of a static cache against its size."""
    from engram_model.checkpoint import CheckpointError

    try:
        engram_model = open_for_rows(model)
    except (CheckpointError, OSError) as err:  # OSError: a folder that holds no checkpoint files
        raise typer.BadParameter(f"{model} is not a readable checkpoint ({err})", param_hint="--model") from err
    if engram_model.addresser is None or engram_model.tokenizer is None:
        raise typer.BadParameter(f"{model} has no Engram layers or no tokenizer: nothing to count", param_hint="--model")
    try:
        text = text_file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as err:
        raise typer.BadParameter(f"{text_file} cannot be read as UTF-8 text ({err}); give a UTF-8 text file", param_hint="TEXT_FILE") from err
    try:
        report, hot = text_row_stats(engram_model, text, model_name=model, source=str(text_file), cache_sizes=cache_sizes, capacity=capacity)
    except ValueError as err:  # the text has no tokens
        raise typer.BadParameter(str(err), param_hint="TEXT_FILE") from err
    print_rowstats(report, cache_sizes)
    try:
        if json_out is not None:
            json_out.parent.mkdir(parents=True, exist_ok=True)
            write_atomically(json_out, (json.dumps(report, indent=2) + "\n").encode())
            console.print(f"wrote {json_out}")
        if hot_rows_out is not None:
            hot_rows_out.parent.mkdir(parents=True, exist_ok=True)
            np.savez(hot_rows_out, **hot)
    except OSError as err:
        raise typer.BadParameter(f"cannot write {err.filename}: {err.strerror}; choose a file in a folder you can write") from err
    if hot_rows_out is not None:
        console.print(f"wrote {hot_rows_out}: load_model(..., cache_policy='static', hot_rows={{int(k): v for k, v in np.load(path).items()}})")


def print_rowstats(report: dict, cache_sizes: list[int]) -> None:
    console.print(f"model: {report['model']}  ·  {report['text']}  ·  {report['tokens']} tokens")
    for layer, stats in report["layers"].items():
        curve = Table(title=f"layer {layer}: {stats['unique']} distinct of {stats['requests']} requested rows, "
                      f"Zipf exponent {stats['zipf_exponent']:.2f} (R² {stats['zipf_r2']:.2f})")
        for size in cache_sizes:
            curve.add_column(f"top {size}", justify="right")
        curve.add_row(*(f"{stats['hit_rate_curve'][str(s)]:.3f}" for s in cache_sizes))
        console.print(curve)
        heads = Table(title=f"layer {layer}: per hash head")
        for column in ("head", "requests", "unique", "zipf", "R²", *[f"top {s}" for s in cache_sizes[:3]]):
            heads.add_column(column, justify="right")
        for h in stats["heads"]:
            heads.add_row(
                str(h["head"]), str(h["requests"]), str(h["unique"]), f"{h['zipf_exponent']:.2f}", f"{h['zipf_r2']:.2f}",
                *(f"{h[f'top_{s}_share']:.3f}" for s in cache_sizes[:3]),
            )
        console.print(heads)


def prefill_shapes_option(text: str) -> list[tuple[int, int]]:
    """--prefill: comma-separated BATCHxSEQ_LEN shapes."""
    try:
        shapes = [tuple(int(v) for v in s.lower().split("x")) for s in text.split(",") if s.strip()]
    except ValueError as err:
        raise typer.BadParameter(f"{text!r} must be comma-separated BATCHxSEQ_LEN shapes, e.g. 1x2048,8x2048") from err
    if not shapes or any(len(s) != 2 or min(s) < 1 for s in shapes):
        raise typer.BadParameter(f"{text!r} must be comma-separated BATCHxSEQ_LEN shapes of positive sizes, e.g. 1x2048,8x2048")
    return shapes


def capacities_option(text: str) -> list[float]:
    """--capacities: comma-separated cache sizes in GiB, each above 0."""
    try:
        values = [float(s) for s in text.split(",") if s.strip()]
    except ValueError as err:
        raise typer.BadParameter(f"{text!r} must be comma-separated sizes in GiB, e.g. 0.01,0.1,1") from err
    if not values or min(values) <= 0:
        raise typer.BadParameter(f"{text!r} must be comma-separated sizes in GiB above 0, e.g. 0.01,0.1,1")
    return values


def traffic_source(model: str):
    """(addresser, tokenizer, compression lookup, stored bytes per row) of a preset with a
    named tokenizer (no weights, nothing downloaded; rows as V4.1 stores them, FP8 with
    scales) or of a checkpoint (its tables are never read)."""
    from engram_model import ModelConfig
    from engram_model.addressing import NgramAddresser
    from engram_model.checkpoint import CheckpointError
    from engram_model.tokenizer import PRESET_TOKENIZERS, preset_tokenizer

    if model in PRESET_TOKENIZERS:
        try:
            tokenizer, vocab = preset_tokenizer(model)
        except ModuleNotFoundError as err:
            raise typer.BadParameter(str(err), param_hint="--model") from err
        return NgramAddresser(ModelConfig.preset(model).engram), tokenizer, vocab.lookup, None
    try:
        engram_model = open_for_rows(model)
    except (CheckpointError, OSError) as err:
        raise typer.BadParameter(
            f"{model} is neither a preset with a tokenizer ({', '.join(sorted(PRESET_TOKENIZERS))}) nor a readable checkpoint ({err})",
            param_hint="--model",
        ) from err
    if engram_model.addresser is None or engram_model.tokenizer is None:
        raise typer.BadParameter(f"{model} has no Engram layers or no tokenizer: nothing to count", param_hint="--model")
    stored = engram_model.blocks[engram_model.cfg.engram.layers[0]].engram.table.codec.row_bytes
    return engram_model.addresser, engram_model.tokenizer, engram_model.compression_lookup.numpy(), stored


def traffic_corpus(corpus: str, max_tokens: int, tokenizer, lookup) -> tuple[list[np.ndarray], str, dict]:
    """Compressed documents of --corpus (default, locale, or a path), at most `max_tokens`
    in all, its description, and the page-cache state of its files before they were read."""
    from engram_model.corpus.read import iter_documents
    from probe.traffic import locale_documents, page_cache_state

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
    for encoding in tokenizer.encode_batch(texts):
        ids = np.asarray(encoding.ids[: max_tokens - total], dtype=np.int64)
        if len(ids):
            documents.append(lookup[ids])
            total += len(ids)
        if total >= max_tokens:
            break
    if not total:
        raise typer.BadParameter(f"{corpus} yields no tokens; give a corpus with text in it", param_hint="--corpus")
    return documents, described, cache


@offload_app.command()
def traffic(
    model: str = typer.Option("deepseek-v4.1-flash", help="A preset with a named tokenizer (no weights needed) or a checkpoint."),
    corpus: str = typer.Option("default", help="default (the default corpus's validation split), locale (gettext catalogs: multilingual), a text file, folder, .jsonl or .parquet."),
    out: Path = typer.Option(Path("."), file_okay=False, help="Folder for traffic.json (the app reads RUN_DIR/offload/traffic.json)."),
    prefill: str = typer.Option("1x512,1x2048,1x16384,8x2048,32x512", callback=prefill_shapes_option, help="Prefill steps: BATCHxSEQ_LEN, comma-separated."),
    decode_batches: str = typer.Option("1,8,32,128,512,2048", callback=lambda t: int_list_option(t, "batch sizes", "1,8,64"), help="Decode batch sizes."),
    capacities: str = typer.Option("0.001,0.004,0.016,0.064,0.25,1", callback=capacities_option, help="Cache capacities in GiB for the hit-rate curves."),
    cache_batch: int = typer.Option(64, min=1, help="Sequences decoding side by side in the cache simulation."),
    cache_tokens: int = typer.Option(20_000, min=1, help="Tokens of the cache simulation's request stream (LRU and Belady run in Python)."),
    max_tokens: int = typer.Option(600_000, min=1, help="At most this many tokens of the corpus."),
) -> None:
    """Exact Engram traffic of a model on a corpus from token ids alone: rows requested and
    distinct per prefill/decode step per n-gram order and head, bytes per token, Zipf fits,
    reuse intervals, and static/LRU/Belady hit rates against capacity in GiB."""
    from probe.traffic import traffic_report

    out_file = output_file(out / "traffic.json")
    addresser, tokenizer, lookup, stored_row_bytes = traffic_source(model)
    documents, described, cache = traffic_corpus(corpus, max_tokens, tokenizer, lookup)
    report = traffic_report(
        addresser, documents, prefill, decode_batches, capacities, cache_batch, cache_tokens, bytes_per_row=stored_row_bytes
    )
    report = {"model": model, "corpus": described, "page_cache_before_read": cache, **report}
    print_traffic(report)
    try:
        out_file.parent.mkdir(parents=True, exist_ok=True)
        write_atomically(out_file, (json.dumps(report, indent=1) + "\n").encode())
    except OSError as err:
        raise typer.BadParameter(f"cannot write {err.filename}: {err.strerror}; choose a folder you can write", param_hint="--out") from err
    console.print(f"wrote {out_file}")


def print_traffic(report: dict) -> None:
    cache = report["page_cache_before_read"]
    console.print(
        f"{report['model']} · {report['corpus']} · {report['tokens']:,} tokens · page cache before read: "
        f"{cache['resident_share']:.0%} resident" if cache.get("resident_share") is not None else "unknown"
    )
    console.print(
        f"{report['rows_per_token']} rows of {report['row_bytes']} B per token = {report['bytes_per_token']:,} B; "
        f"tables {report['table_gib']:.1f} GiB; {report['distinct_rows']:,} distinct rows, Zipf exponent {report['zipf_exponent']:.2f}"
    )
    for warning in report["hygiene"]["warnings"]:
        console.print(f"[bold red]{warning}[/]")
    orders = [str(n) for n in report["orders"]]
    steps = Table(title="rows per step (mean over steps): requested, distinct, distinct per n-gram order")
    for column in ("step", "steps", "requested", "distinct", "distinct/requested", "MiB distinct", *[f"{n}-gram" for n in orders]):
        steps.add_column(column, justify="right")
    for kind in ("prefill", "decode"):
        for s in report[kind]:
            shape = f"prefill {s['batch']}x{s['seq_len']}" if kind == "prefill" else f"decode B={s['batch']}"
            steps.add_row(
                shape, str(s["steps"]), f"{s['requested_per_step']:,}", f"{s['distinct_per_step']:,.0f}", f"{s['distinct_ratio']:.3f}",
                f"{s['distinct_bytes_per_step'] / 2**20:.2f}", *(f"{s['distinct_per_order'][n]:,.0f}" for n in orders),
            )  # fmt: skip
    console.print(steps)
    cache_sim = report["cache"]
    hits = Table(
        title=f"hit rate against capacity ({cache_sim['trace']}; footprint {cache_sim['footprint_gib']:.3f} GiB; "
        f"LRU and Belady start empty, static starts with the trace's own top rows)"
    )
    for column in ("GiB", "rows", "static", "LRU", "Belady"):
        hits.add_column(column, justify="right")
    for i, gib in enumerate(cache_sim["capacities_gib"]):
        hits.add_row(f"{gib:g}", f"{cache_sim['capacities_rows'][i]:,}", *(f"{cache_sim[p][i]:.3f}" for p in ("static", "lru", "belady")))
    console.print(hits)


def read_json_input(path: Path, option: str, made_by: str) -> dict:
    """A JSON result another command wrote, refused in one line when absent or unreadable."""
    try:
        data = json.loads(path.read_text())
    except FileNotFoundError as err:
        raise typer.BadParameter(f"{path} does not exist; make it with `{made_by}`", param_hint=option) from err
    except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
        raise typer.BadParameter(f"{path} is not a readable JSON result ({err}); make it with `{made_by}`", param_hint=option) from err
    if not isinstance(data, dict):
        raise typer.BadParameter(f"{path} is not a result object; make it with `{made_by}`", param_hint=option)
    return data


@offload_app.command()
def plan(
    profile: str = typer.Option("h200", help="Hardware profile: h200, b200, gb200, b300 (probe/hardware/) or a profile JSON file."),
    traffic_json: Path = typer.Option(Path("benchmarks/results/v41_traffic.json"), "--traffic", dir_okay=False, help="Traffic of `engram-probe offload traffic`."),
    model: str = typer.Option("deepseek-v4.1-flash", help="Preset whose backbone sets the compute per step."),
    batch_sizes: str = typer.Option("1,4,16,64,256,1024,4096", callback=lambda t: int_list_option(t, "batch sizes", "1,16,256"), help="Decode batch sizes."),
    gpus: int = typer.Option(8, min=1, help="GPUs per replica (tensor parallel); the tables are sharded head-wise over them."),
    cache_gib: float = typer.Option(1.0, min=1e-6, help="Hot-row cache in front of NVMe, GiB per replica."),
    cache_policy: str = typer.Option("lru", help="Hit-rate curve that sizes the NVMe cache: static, lru or belady."),
    uva_efficiency: float = typer.Option(0.5, min=0.01, max=1.0, help="Share of the host link a gather of scattered rows reaches (assumption)."),
    active_params: float = typer.Option(None, min=0.001, help="Active parameters in billions, instead of counting them from --model's backbone."),
    out: Path = typer.Option(Path("."), file_okay=False, help="Folder for plan.json (the app reads RUN_DIR/offload/plan.json)."),
    validate: Path = typer.Option(None, dir_okay=False, help="An `offload bench` result: measure this machine and predict its tiers (plan_validation.json)."),
) -> None:
    """Project step time and tokens/s for the tables in HBM, host DRAM or NVMe across batch
    sizes, the HBM each option frees, rows per rank, host-memory checks; every assumption
    printed."""
    from engram_model.config import ConfigError, ModelConfig
    from probe.planner import Assumptions, ProfileError, load_profile
    from probe.planner import plan as make_plan

    out_file = output_file(out / "plan.json")
    if cache_policy not in ("static", "lru", "belady"):
        raise typer.BadParameter(f"{cache_policy!r} is not a cache policy; choose static, lru or belady", param_hint="--cache-policy")
    try:
        hardware = load_profile(profile)
    except ProfileError as err:
        raise typer.BadParameter(str(err), param_hint="--profile") from err
    try:
        cfg = ModelConfig.preset(model)
    except ConfigError as err:
        raise typer.BadParameter(str(err), param_hint="--model") from err
    traffic_data = read_json_input(traffic_json, "--traffic", "engram-probe offload traffic --out DIR")
    missing_keys = [k for k in ("decode", "prefill", "cache", "row_bytes", "table_gib", "layers", "rows_per_token") if k not in traffic_data]
    if missing_keys or not traffic_data.get("decode"):
        raise typer.BadParameter(f"{traffic_json} lacks {missing_keys or ['decode steps']}; make it with `engram-probe offload traffic`", param_hint="--traffic")
    assumptions = Assumptions(gpus=gpus, cache_gib=cache_gib, cache_policy=cache_policy, uva_efficiency=uva_efficiency)
    try:
        result = make_plan(traffic_data, cfg, hardware, assumptions, batch_sizes, None if active_params is None else active_params * 1e9)
    except ValueError as err:  # given active parameters below what the routed experts alone use
        raise typer.BadParameter(str(err), param_hint="--active-params") from err
    result["traffic"] = str(traffic_json)
    print_plan(result)
    written = {out_file: result}
    if validate is not None:
        written[out / "plan_validation.json"] = validation(validate, traffic_data)
    try:
        out.mkdir(parents=True, exist_ok=True)
        for path, data in written.items():
            write_atomically(path, (json.dumps(data, indent=1) + "\n").encode())
            console.print(f"wrote {path}")
    except OSError as err:
        raise typer.BadParameter(f"cannot write {err.filename}: {err.strerror}; choose a folder you can write", param_hint="--out") from err


def validation(bench_json: Path, traffic_data: dict) -> dict:
    """Measure this machine, predict the offload bench's tiers, print predicted vs measured."""
    import tempfile

    from probe.planner import measure_machine, validate_against_bench

    bench_result = read_json_input(bench_json, "--validate", "engram-probe offload bench")
    if "large" not in bench_result.get("models", {}):
        raise typer.BadParameter(f"{bench_json} has no `large` model; give a full `offload bench` result", param_hint="--validate")
    row = bench_result["models"]["large"]["table_bytes"]  # the bench's rows: fp32 of the tiny model's head width
    from engram_model import ModelConfig

    row_bytes = ModelConfig.preset("tiny").engram.head_dim * 4
    console.print(f"measuring this machine ({row_bytes}-B rows, as the bench's {row / 2**30:.1f} GiB fp32 tables) ...")
    result = {"bench": str(bench_json), **validate_against_bench(bench_result, measure_machine(Path(tempfile.gettempdir()), row_bytes))}
    for label in ("with_disk_measured_now", "with_disk_measured_during_bench"):
        table = Table(title=f"planner vs offload bench ({label.replace('_', ' ')})")
        for column in ("tier", "workload", "rows/step", "predicted", "measured", "predicted/measured", "±20%"):
            table.add_column(column, justify="right")
        for r in result[label]:
            table.add_row(
                r["tier"], r["workload"], f"{r['distinct_rows_per_step']:,.0f}", f"{r['predicted_ratio_to_resident']:.3f}",
                f"{r['measured_ratio_to_resident']:.3f}", f"{r['predicted_over_measured']:.2f}", "yes" if r["within_20_percent"] else "NO",
            )  # fmt: skip
        console.print(table)
    return result


def print_plan(result: dict) -> None:
    console.print(f"profile: {result['profile']} · tables {result['table_gib']:.1f} GiB · active parameters {result['model']['active_params'] / 1e9:.2f} B")
    console.print("assumptions:")
    for line in result["assumption_lines"]:
        console.print(f"  {line}")
    for key, source in result["profile_sources"].items():
        console.print(f"  {key}: {source}")
    table = Table(title="decode: step time and throughput per placement")
    for column in ("batch", "option", "step ms", "Engram ms", "tok/s/user", "tok/s/GPU", "HBM freed GiB/GPU"):
        table.add_column(column, justify="right")
    for p in result["projections"]:
        table.add_row(
            str(p["batch"]), p["option"], f"{p['step_s'] * 1e3:.2f}", f"{p['engram_s'] * 1e3:.3f}", f"{p['tokens_per_s_per_user']:,.1f}",
            f"{p['tokens_per_s_per_gpu']:,.0f}", f"{p['hbm_freed_gib_per_gpu']:.1f}",
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
        console.print(f"check: {check}")
