"""Two Engram models side by side: their measured traffic and their offload plans on every profile.

`engram-probe offload plan --side-by-side` sets DeepSeek-V4.1-Flash and Qwen3.8-Flash-Next (each with
the traffic measured on the default corpus and installed with probe) side by side: rows and bytes per
token, distinct rows per step, hit rates against cache capacity, and on each hardware profile the
decode and prefill step with the tables in HBM, in host DRAM (UVA gather, overlapped) and on NVMe,
with a one-line verdict. The projections are the planner's (`planner.plan`), under one set of
assumptions for both models.
"""

from __future__ import annotations

from .planner import Assumptions, ModelCompute, Profile, hit_rate_at, plan

OPTIONS = ("hbm", "host dram", "nvme")
SUMMARY_DECODE_BATCHES = (1, 32, 512, 2048)  # the measured decode batches the summary quotes
NEAR_HBM = 0.95  # host DRAM "keeps up" while it keeps at least this share of the HBM-resident speed


def traffic_summary(traffic: dict) -> dict:
    """The figures of one model's traffic that compare across models (`offload traffic`'s JSON)."""
    decode = {s["batch"]: s for s in traffic["decode"]}
    cache = traffic["cache"]
    return {
        "tokens": traffic["tokens"],
        "corpus": traffic.get("corpus"),
        "tokenizer": traffic.get("tokenizer", {}).get("kind", "the model's own"),
        "engram_layers": traffic["layers"],
        "orders": traffic["orders"],
        "heads_per_layer": traffic["heads_per_layer"],
        "rows_per_token": traffic["rows_per_token"],
        "row_bytes": traffic["row_bytes"],
        "bytes_per_token": traffic["bytes_per_token"],
        "table_gib": traffic["table_gib"],
        "zipf_exponent": traffic.get("zipf_exponent"),
        "decode_distinct_per_step": {str(b): decode[b]["distinct_per_step"] for b in SUMMARY_DECODE_BATCHES if b in decode},
        "decode_distinct_ratio": {str(b): decode[b]["distinct_ratio"] for b in SUMMARY_DECODE_BATCHES if b in decode},
        "prefill": [
            {
                "shape": f"{s['batch']}x{s['seq_len']}",
                "distinct_per_step": s["distinct_per_step"],
                "distinct_ratio": s["distinct_ratio"],
                "distinct_mib": s["distinct_bytes_per_step"] / 2**20,
            }
            for s in traffic["prefill"]
        ],
        "cache": {
            "trace": cache["trace"],
            "capacities_gib": cache["capacities_gib"],
            **{policy: cache[policy] for policy in ("static", "lru", "belady")},
            "footprint_gib": cache["footprint_gib"],
        },
    }


def verdict(result: dict, profile: Profile) -> dict:
    """Host DRAM against HBM on one profile: the worst share of the HBM-resident speed it keeps
    (decode batches and prefill shapes), where, the HBM it frees, and whether the tables fit the
    node's DRAM."""
    by = {(p["option"], p["batch"]): p for p in result["projections"]}
    pre = {(p["option"], p["batch"], p["seq_len"]): p for p in result["prefill"]}

    def worst_of(option: str) -> tuple[float, str]:
        """The lowest share of the HBM-resident speed `option` keeps, and where (the first such step)."""
        ratios = [(by["hbm", b]["step_s"] / by[option, b]["step_s"], f"decode B={b}") for b in result["batches"]]
        ratios += [
            (pre["hbm", b, t]["step_s"] / pre[option, b, t]["step_s"], f"prefill {b}x{t}") for (o, b, t) in pre if o == "hbm"
        ]
        return min(ratios, key=lambda r: r[0])

    worst, where = worst_of("host dram")
    nvme, nvme_where = worst_of("nvme")
    freed = max(p["hbm_freed_gib_per_gpu"] for p in result["projections"])
    node_dram = profile.host_dram_gib * profile.gpus_per_node
    fits = result["table_gib"] < node_dram
    line = (
        f"host DRAM keeps {worst:.1%} of the HBM-resident speed at worst ({where}) and frees {freed:.1f} of "
        f"{profile.hbm_gib:.0f} GiB HBM per GPU; {result['table_gib']:.0f} GiB of tables "
        f"{'fit' if fits else 'do NOT fit'} the node's {node_dram:.0f} GiB DRAM; NVMe behind the hot-row cache keeps "
        f"{nvme:.1%} at worst ({nvme_where})"
    )
    keeps_up = worst >= NEAR_HBM and fits
    return {
        "worst_dram_over_hbm": worst,
        "worst_at": where,
        "worst_nvme_over_hbm": nvme,
        "worst_nvme_at": nvme_where,
        "hbm_freed_gib_per_gpu": freed,
        "hbm_freed_share": freed / profile.hbm_gib,
        "tables_fit_host_dram": fits,
        "dram_keeps_up": keeps_up,
        "line": line,
    }


def compact_plan(result: dict, profile: Profile) -> dict:
    """One model's plan on one profile, as the side-by-side view needs it: per decode batch and
    prefill shape, each option's step time and host DRAM's and NVMe's share of the HBM speed."""
    by = {(p["option"], p["batch"]): p for p in result["projections"]}
    decode = []
    for b in result["batches"]:
        hbm = by["hbm", b]["step_s"]
        decode.append(
            {
                "batch": b,
                "compute_s": by["hbm", b]["compute_s"],
                **{f"{o.replace(' ', '_')}_step_s": by[o, b]["step_s"] for o in OPTIONS},
                "dram_over_hbm": hbm / by["host dram", b]["step_s"],
                "nvme_over_hbm": hbm / by["nvme", b]["step_s"],
                "tokens_per_s_per_gpu_hbm": by["hbm", b]["tokens_per_s_per_gpu"],
                "tokens_per_s_per_gpu_dram": by["host dram", b]["tokens_per_s_per_gpu"],
            }
        )
    pre = {(p["option"], p["batch"], p["seq_len"]): p for p in result["prefill"]}
    prefill = []
    for option, b, t in pre:
        if option != "hbm":
            continue
        hbm = pre["hbm", b, t]["step_s"]
        prefill.append(
            {
                "shape": f"{b}x{t}",
                **{f"{o.replace(' ', '_')}_step_s": pre[o, b, t]["step_s"] for o in OPTIONS},
                "dram_over_hbm": hbm / pre["host dram", b, t]["step_s"],
                "nvme_over_hbm": hbm / pre["nvme", b, t]["step_s"],
            }
        )
    return {
        "decode": decode,
        "prefill": prefill,
        "placement_checks": result["placement"]["checks"],
        "verdict": verdict(result, profile),
    }


def side_by_side(
    models: dict[str, tuple[str, dict, ModelCompute, str]], profiles: dict[str, Profile], a: Assumptions, batches: list[int]
) -> dict:
    """`models`: name -> (label, traffic, compute, where the traffic came from); `profiles`: as
    named (h200, or a file) -> profile. Every model's plan on every profile under the same
    assumptions, and its traffic summary."""
    out_models = {}
    assumption_lines = None
    for name, (label, traffic, compute, origin) in models.items():
        per_profile = {}
        for key, profile in profiles.items():
            result = plan(traffic, compute, profile, a, batches)
            assumption_lines = assumption_lines or result["assumption_lines"][: len(a.lines()) + 2]
            per_profile[key] = compact_plan(result, profile)
        out_models[name] = {
            "label": label,
            "traffic": origin,
            "active_params": compute.active_params,
            "layers": compute.layers,
            "engram_layers": list(compute.engram_layers),
            "nvme_cache_hit_rate": hit_rate_at(traffic, a.cache_gib, a.cache_policy),
            "summary": traffic_summary(traffic),
            "profiles": per_profile,
        }
    texts = {(m["summary"]["corpus"], m["summary"]["tokens"]) for m in out_models.values()}
    return {
        "models": out_models,
        "same_text": len(texts) == 1,  # both traffics measured on one text: per-step and hit-rate figures compare too
        "profiles": list(profiles),
        "profile_names": {key: p.name for key, p in profiles.items()},
        "profile_sources": {key: p.sources for key, p in profiles.items()},
        "assumptions": {k: getattr(a, k) for k in a.__dataclass_fields__},
        "assumption_lines": assumption_lines,
        "batches": batches,
        "notes": [
            "each model's traffic is its own measurement on the default corpus's validation split; "
            "capacities are in GiB, so the same capacity holds fewer of a model's rows the wider its rows are",
            "the backbone's compute is each model's own (V4.1: our preset's config; Qwen: its released config, counted)",
            "GiB are 2^30 bytes; host DRAM per node is the profile's per-GPU share times its GPUs",
        ],
    }
