"""The layouts of the offload result files (`engram-probe offload bench|rowstats|traffic|plan`
write them): the fields the gate browser reads, as dotted paths. Torch-free: the app imports it."""

# cache sizes (rows) of the static-cache hit-rate curves in rowstats.json
CACHE_SIZES = (256, 1024, 4096, 16384, 65536, 262144)

# offload.json, rowstats.json, traffic.json, plan.json: dotted path -> type
FIELDS = {
    "offload": {"models": dict, "statistics": str, "machine": dict},
    "rowstats": {"model": str, "text": str, "tokens": int, "layers": dict},
    "traffic": {
        "model": str, "corpus": str, "tokens": int, "rows_per_token": int, "row_bytes": int, "page_cache_before_read": dict,
        "hygiene.warnings": list, "decode": list, "prefill": list, "orders": list, "layers": list, "heads_per_layer": int,
        "cache": dict,
    },
    "plan": {"projections": list, "profile": str, "assumption_lines": list, "profile_sources": dict, "placement.checks": list},
}  # fmt: skip
