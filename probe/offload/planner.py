"""Offload planner: where to keep a model's Engram tables on real hardware.

Inputs: a hardware profile (a data file under probe/offload/hardware/, every figure with its public
source or marked an assumption), the measured traffic of `engram-probe offload traffic`
(distinct rows per step, hit rate against cache capacity) and the model's compute per step
(FLOPs and weight bytes over a roofline). Output: projected step time and tokens/s for the
tables HBM-resident, in host DRAM (UVA gather over the host link, prefetch overlapped with
the layers before each Engram layer) and on NVMe behind a hot-row cache; the HBM each option
frees; rows per rank under tensor/data/sequence parallelism; the host-memory checks serving
teams trip on. Every assumption is a named field, printed with the plan.
"""

from __future__ import annotations

import dataclasses
import json
import math
from dataclasses import asdict, dataclass, fields
from importlib import resources
from pathlib import Path

import numpy as np

from engram_model.config import ModelConfig

GIB = 2**30
CACHE_POLICIES = ("static", "lru", "belady")  # the hit-rate curves `offload traffic` measures
PROFILE_FIELDS = (
    "hbm_gib",  # HBM per GPU
    "hbm_gb_s",  # HBM bandwidth per GPU
    "dense_fp8_tflops",  # dense (no sparsity) FP8 tensor throughput per GPU
    "host_link_gb_s",  # GPU <-> host bandwidth per GPU, one direction
    "host_dram_gib",  # host DRAM per GPU (the node's DRAM / its GPUs)
    "nvme_iops",  # random 4 KiB reads per second per GPU (the node's drives / its GPUs)
    "nvme_latency_us",  # one random read's latency
    "gpus_per_node",
)


class ProfileError(ValueError):
    """A hardware profile that cannot be planned with; the message names the file and key."""


class TrafficError(ValueError):
    """A traffic result that cannot be planned with; the message names the file and key."""


def _number(value) -> bool:
    return isinstance(value, (int, float)) and not isinstance(value, bool) and math.isfinite(value)


def profile_value(key: str, value):
    """A profile field's value as the planner uses it, or None when it is not one: every
    field a finite number above 0, `gpus_per_node` a whole number (8 or 8.0, never 2.5)."""
    if not _number(value) or not value > 0:
        return None
    if key == "gpus_per_node":
        return int(value) if float(value).is_integer() else None
    return float(value)


@dataclass(frozen=True)
class Profile:
    """One GPU's share of a node. `sources` holds, per field, the cited figure or the word
    assumption. Every figure is finite and above 0; `gpus_per_node` is a whole number."""

    name: str
    hbm_gib: float
    hbm_gb_s: float
    dense_fp8_tflops: float
    host_link_gb_s: float
    host_dram_gib: float
    nvme_iops: float
    nvme_latency_us: float
    gpus_per_node: int
    sources: dict

    def __post_init__(self):
        for key in PROFILE_FIELDS:
            value = profile_value(key, getattr(self, key))
            if value is None:
                kind = "a whole number of at least 1" if key == "gpus_per_node" else "a finite number above 0"
                raise ProfileError(f"profile {self.name!r}: {key} must be {kind}, got {getattr(self, key)!r}")
            object.__setattr__(self, key, value)  # 8.0 GPUs per node is 8

    @classmethod
    def from_file(cls, path: Path) -> Profile:
        try:
            data = json.loads(Path(path).read_text())
        except (OSError, UnicodeDecodeError, json.JSONDecodeError) as err:
            raise ProfileError(
                f"profile {path} cannot be read as JSON ({err}); give a profile file like probe/offload/hardware/h200.json"
            ) from err
        if not isinstance(data, dict) or not isinstance(data.get("name"), str):
            raise ProfileError(f"profile {path} must be a JSON object with a name and the fields {', '.join(PROFILE_FIELDS)}")
        values, sources = {}, {}
        for key in PROFILE_FIELDS:
            entry = data.get(key)
            value = profile_value(key, entry.get("value")) if isinstance(entry, dict) else None
            source = entry.get("source", "assumption") if isinstance(entry, dict) else None
            if value is None or not isinstance(source, str):
                kind = "a whole number of at least 1" if key == "gpus_per_node" else "a finite number above 0"
                raise ProfileError(
                    f'profile {path}: {key} must be {{"value": {kind}, "source": "where the figure comes from"}}, got {entry!r}'[
                        :400
                    ]
                )
            values[key], sources[key] = value, source
        return cls(name=data["name"], sources=sources, **values)


def bundled_profiles() -> dict[str, Path]:
    """The hardware profiles shipped with probe: name -> file."""
    folder = resources.files("probe.offload") / "hardware"
    return {Path(str(p)).stem: Path(str(p)) for p in folder.iterdir() if str(p).endswith(".json")}


def bundled_traffic() -> Path:
    """The traffic of deepseek-v4.1-flash on the default corpus's validation split, as
    `engram-probe offload traffic` measured it (benchmarks/results/v41_traffic.json), shipped
    with probe so `offload plan` has a default wherever it is installed."""
    return Path(str(resources.files("probe.offload") / "measured" / "v41_traffic.json"))


def load_profile(name_or_file: str) -> Profile:
    """A bundled profile by name (h200, b200, gb200, b300) or a profile file."""
    bundled = bundled_profiles()
    if name_or_file in bundled:
        return Profile.from_file(bundled[name_or_file])
    if Path(name_or_file).is_file():
        return Profile.from_file(Path(name_or_file))
    raise ProfileError(f"unknown profile {name_or_file!r}: choose one of {', '.join(sorted(bundled))} or give a profile file")


@dataclass(frozen=True)
class Assumptions:
    """Every figure the projection needs that neither the profile nor the traffic gives; a
    figure out of its range is a ValueError naming it."""

    mfu: float = 0.5  # share of dense FP8 peak a step's matmuls reach
    mbu: float = 0.8  # share of HBM bandwidth a step's weight reads reach
    weight_bytes_per_param: float = 1.0  # FP8 weights
    uva_efficiency: float = 0.5  # share of the host link a gather of scattered 264-B rows reaches (PCIe TLPs, no coalescing)
    hbm_gather_efficiency: float = 0.3  # share of HBM bandwidth a gather of scattered 264-B rows reaches
    gpus: int = 8  # GPUs of one replica (tensor parallel); the tables are sharded over them head-wise
    cache_policy: str = "lru"  # which hit-rate curve sizes the NVMe option's hot-row cache
    cache_gib: float = 1.0  # hot-row cache in front of NVMe, per replica
    nvme_queue_rounds: int = 1  # dependent round trips of one step's reads (all issued at once: 1)

    def __post_init__(self):
        for name in ("mfu", "mbu", "uva_efficiency", "hbm_gather_efficiency"):
            value = getattr(self, name)
            if not (_number(value) and 0 < value <= 1):
                raise ValueError(f"{name}={value!r} must be a share above 0 and at most 1")
        for name in ("weight_bytes_per_param", "cache_gib"):
            value = getattr(self, name)
            if not (_number(value) and value > 0):
                raise ValueError(f"{name}={value!r} must be a finite number above 0")
        for name in ("gpus", "nvme_queue_rounds"):
            value = getattr(self, name)
            if not (isinstance(value, int) and not isinstance(value, bool) and value >= 1):
                raise ValueError(f"{name}={value!r} must be a whole number of at least 1")
        if self.cache_policy not in CACHE_POLICIES:
            raise ValueError(f"cache_policy={self.cache_policy!r} must be one of {', '.join(CACHE_POLICIES)}")

    def lines(self) -> list[str]:
        notes = {
            "mfu": "share of dense FP8 peak reached by the matmuls",
            "mbu": "share of HBM bandwidth reached by weight reads",
            "weight_bytes_per_param": "bytes per weight (FP8)",
            "uva_efficiency": "share of the host link a gather of scattered rows reaches",
            "hbm_gather_efficiency": "share of HBM bandwidth a gather of scattered rows reaches",
            "gpus": "GPUs per replica (tensor parallel); tables sharded head-wise over them",
            "cache_policy": "hit-rate curve sizing the NVMe option's hot-row cache",
            "cache_gib": "hot-row cache in front of NVMe per replica (GiB)",
            "nvme_queue_rounds": "dependent NVMe round trips per step",
        }
        return [f"{f.name} = {getattr(self, f.name)}: {notes[f.name]} (assumption)" for f in fields(self)]


# --- the model's compute -------------------------------------------------------------------


@dataclass(frozen=True)
class ModelCompute:
    """What one token costs the backbone: active parameters (2 FLOPs each), the weight bytes
    a step reads (every dense weight, each routed expert that some token chose)."""

    layers: int
    engram_layers: tuple[int, ...]
    dense_params: float  # used by every token: attention, shared experts, dense FFNs, unembedding
    expert_params: float  # one routed expert of one layer
    routed_layers: int
    n_routed: int
    top_k: int

    @classmethod
    def from_config(cls, cfg: ModelConfig) -> ModelCompute:
        d, dh = cfg.d_model, cfg.d_head
        attention = d * cfg.n_heads * dh * 2 + d * cfg.n_kv_heads * dh * 2  # q, o; k, v
        routed_layers = sum(cfg.is_moe_layer(layer) for layer in range(cfg.n_layers))
        dense_ffn = 3 * d * cfg.d_ff * (cfg.n_layers - routed_layers)
        shared = 3 * d * cfg.moe.d_expert * cfg.moe.n_shared * routed_layers if cfg.moe else 0
        engram = 0
        if cfg.engram is not None:  # key and value projections of the gathered memory, per stream
            engram = len(cfg.engram.layers) * cfg.engram.memory_dim * d * (1 + cfg.hc_streams)
        return cls(
            layers=cfg.n_layers,
            engram_layers=tuple(sorted(cfg.engram.layers)) if cfg.engram else (),
            dense_params=cfg.n_layers * attention + dense_ffn + shared + engram + cfg.vocab_size * d,
            expert_params=3 * d * cfg.moe.d_expert if cfg.moe else 0,
            routed_layers=routed_layers,
            n_routed=cfg.moe.n_routed if cfg.moe else 0,
            top_k=cfg.moe.top_k if cfg.moe else 0,
        )

    @property
    def active_params(self) -> float:
        return self.dense_params + self.routed_layers * self.top_k * self.expert_params

    def with_active_params(self, active: float) -> ModelCompute:
        """The same model with its active parameters given instead of counted: the difference
        goes to the dense part, so routed experts' weight reads stay as configured."""
        routed = self.routed_layers * self.top_k * self.expert_params
        if active <= routed:
            raise ValueError(f"active parameters {active:.3g} must exceed the routed experts' {routed:.3g} of this config")
        return dataclasses.replace(self, dense_params=active - routed)

    def weight_bytes(self, tokens: int, bytes_per_param: float) -> float:
        """Weights read by a step of `tokens` tokens: each expert is read once if any token
        routes to it (expected distinct experts under uniform routing)."""
        if not self.n_routed:
            return self.dense_params * bytes_per_param
        touched = self.n_routed * (1 - (1 - self.top_k / self.n_routed) ** tokens)
        return (self.dense_params + self.routed_layers * touched * self.expert_params) * bytes_per_param

    def step_seconds(self, tokens: int, profile: Profile, a: Assumptions) -> float:
        """Roofline of one step on a replica of `a.gpus` GPUs: the slower of its FLOPs and its
        weight reads (attention over the KV cache not counted: an assumption)."""
        flops = 2 * self.active_params * tokens
        compute = flops / (profile.dense_fp8_tflops * 1e12 * a.mfu * a.gpus)
        memory = self.weight_bytes(tokens, a.weight_bytes_per_param) / (profile.hbm_gb_s * 1e9 * a.mbu * a.gpus)
        return max(compute, memory)


# --- traffic -------------------------------------------------------------------------------


def check_traffic(traffic, source: str) -> dict:
    """`traffic` if the planner can use it, else a TrafficError naming `source` (its file) and
    the first key that is missing or wrong: decode and prefill steps with distinct rows per
    layer and head, the cache's hit-rate curves against capacity, row and table sizes."""
    redo = "make it again with `engram-probe offload traffic`"

    def fail(what: str):
        raise TrafficError(f"{source}: {what}; {redo}")

    def positive(value) -> bool:
        return _number(value) and value > 0

    def whole(value) -> bool:
        return isinstance(value, int) and not isinstance(value, bool) and value >= 1

    if not isinstance(traffic, dict):
        fail("it is not a traffic result (a JSON object)")
    required = ("decode", "prefill", "cache", "row_bytes", "table_gib", "layers", "rows_per_token")
    missing = [k for k in required if k not in traffic]
    if missing:
        fail(f"it lacks {', '.join(missing)}")
    for key in ("row_bytes", "table_gib", "rows_per_token"):
        if not positive(traffic[key]):
            fail(f"{key} is {traffic[key]!r}, not a finite number above 0")
    layers = traffic["layers"]
    if not isinstance(layers, list) or not layers:
        fail(f"layers is {layers!r}, not a list of Engram layers")
    for kind in ("decode", "prefill"):
        steps = traffic[kind]
        if not isinstance(steps, list) or not steps:
            fail(f"it has no {kind} steps (were its shapes longer than its corpus?)")
        for i, step in enumerate(steps):
            where = f"{kind}[{i}]"
            if not isinstance(step, dict) or not whole(step.get("batch")):
                fail(f"{where} has no batch of at least 1")
            if kind == "prefill" and not all(whole(step.get(k)) for k in ("seq_len", "requested_per_step")):
                fail(f"{where} lacks a seq_len or requested_per_step of at least 1")
            if kind == "prefill" and not (_number(step.get("distinct_per_step")) and step["distinct_per_step"] >= 0):
                fail(f"{where} lacks distinct_per_step")
            heads = step.get("distinct_per_head")
            if (
                not isinstance(heads, list)
                or len(heads) != len(layers)
                or not all(isinstance(h, list) and h and all(_number(v) and v >= 0 for v in h) for h in heads)
            ):
                fail(f"{where}: distinct_per_head must hold, for each of its {len(layers)} layers, a count per head")
    cache = traffic["cache"]
    capacities = cache.get("capacities_gib") if isinstance(cache, dict) else None
    if not isinstance(capacities, list) or not capacities or not all(positive(c) for c in capacities):
        fail("cache.capacities_gib must list capacities above 0")
    if any(b <= a for a, b in zip(capacities, capacities[1:])):
        fail("cache.capacities_gib must be in increasing order")
    for policy in CACHE_POLICIES:
        rates = cache.get(policy)
        if not isinstance(rates, list) or len(rates) != len(capacities) or not all(_number(r) and 0 <= r <= 1 for r in rates):
            fail(f"cache.{policy} must hold a hit rate from 0 to 1 for each of its {len(capacities)} capacities")
    return traffic


def decode_distinct(traffic: dict, batch: int) -> list[float]:
    """Distinct rows per Engram layer of one decode step of `batch` sequences: measured where
    the traffic has the batch, else the distinct share interpolated in log(batch) between the
    measured ones (held at the ends)."""
    measured = sorted(traffic["decode"], key=lambda s: s["batch"])
    x = np.log([s["batch"] for s in measured])
    per_layer_token = traffic["rows_per_token"] / len(traffic["layers"])
    out = []
    for i in range(len(traffic["layers"])):
        shares = [sum(s["distinct_per_head"][i]) / (s["batch"] * per_layer_token) for s in measured]
        out.append(float(np.interp(math.log(batch), x, shares)) * batch * per_layer_token)
    return out


def hit_rate_at(traffic: dict, capacity_gib: float, policy: str) -> float:
    """The measured hit rate of `policy` at a capacity, interpolated in log(capacity); held at
    the largest measured capacity beyond it (the trace is short: a floor for real serving)."""
    cache = traffic["cache"]
    return float(np.interp(math.log(capacity_gib), np.log(cache["capacities_gib"]), cache[policy]))


# --- the options ---------------------------------------------------------------------------


def overlapped_step(compute_s: float, fetch_s: list[float], engram_layers: tuple[int, ...], layers: int) -> float:
    """Step time when each Engram layer's rows are fetched in turn from the step's start (row
    ids are known before layer 0) while the layers before it compute; a layer whose rows have
    not arrived waits for them."""
    per_layer = compute_s / layers
    clock, fetched = 0.0, 0.0  # clock: when compute reaches the next layer; fetched: when the link frees
    done_layers = 0
    for layer, seconds in zip(engram_layers, fetch_s):
        clock += (layer - done_layers) * per_layer
        done_layers = layer
        fetched += seconds
        clock = max(clock, fetched)
    # summed per-layer slices can fall an ulp short of compute_s; a step never beats its compute
    return max(compute_s, clock + (layers - done_layers) * per_layer)


@dataclass(frozen=True)
class Projection:
    option: str
    batch: int
    step_s: float
    compute_s: float
    engram_s: float  # time the Engram reads take alone (overlapped or not)
    tokens_per_s_per_user: float
    tokens_per_s_per_gpu: float
    hbm_freed_gib_per_gpu: float


def project_step(
    traffic: dict, model: ModelCompute, profile: Profile, a: Assumptions, tokens: int, per_layer: list[float], batch: int
) -> list[Projection]:
    """The three placements for one step of `tokens` tokens over `batch` sequences that reads
    `per_layer` distinct rows per Engram layer."""
    row = traffic["row_bytes"]
    table_gib_per_gpu = traffic["table_gib"] / a.gpus
    compute = model.step_seconds(tokens, profile, a)
    hbm_fetch = [d * row / (profile.hbm_gb_s * 1e9 * a.hbm_gather_efficiency * a.gpus) for d in per_layer]
    host_fetch = [d * row / (profile.host_link_gb_s * 1e9 * a.uva_efficiency * a.gpus) for d in per_layer]
    hit = hit_rate_at(traffic, a.cache_gib, a.cache_policy)
    # misses read from NVMe (4 KiB each, every drive of the replica at once), hits over the link
    nvme_fetch = [
        d * (1 - hit) / (profile.nvme_iops * a.gpus) + a.nvme_queue_rounds * profile.nvme_latency_us * 1e-6 + h * hit
        for d, h in zip(per_layer, host_fetch)
    ]
    options = {
        "hbm": (compute + sum(hbm_fetch), sum(hbm_fetch), 0.0),  # a gather kernel in the stream: not overlapped
        "host dram": (
            overlapped_step(compute, host_fetch, model.engram_layers, model.layers),
            sum(host_fetch),
            table_gib_per_gpu,
        ),
        "nvme": (overlapped_step(compute, nvme_fetch, model.engram_layers, model.layers), sum(nvme_fetch), table_gib_per_gpu),
    }
    return [
        Projection(name, batch, step, compute, engram, tokens / batch / step, tokens / step / a.gpus, freed)
        for name, (step, engram, freed) in options.items()
    ]


def project_decode(traffic: dict, model: ModelCompute, profile: Profile, a: Assumptions, batch: int) -> list[Projection]:
    """A decode step: `batch` sequences, one token each."""
    return project_step(traffic, model, profile, a, batch, decode_distinct(traffic, batch), batch)


def project_prefill(traffic: dict, model: ModelCompute, profile: Profile, a: Assumptions) -> list[dict]:
    """Each measured prefill shape: B prompts of T tokens in one step."""
    out = []
    for shape in traffic["prefill"]:
        per_layer = [float(sum(heads)) for heads in shape["distinct_per_head"]]
        tokens = shape["batch"] * shape["seq_len"]
        for p in project_step(traffic, model, profile, a, tokens, per_layer, shape["batch"]):
            out.append({"seq_len": shape["seq_len"], **asdict(p)})
    return out


# --- placement -----------------------------------------------------------------------------


def head_placement(distinct_per_head: list[list[float]], ranks: int, layout: str) -> list[float]:
    """Rows each rank reads in one step when the step's heads (every layer's) are dealt to
    `ranks` ranks: `contiguous` (rank r holds a run of heads, so some ranks hold only 2-gram
    heads and others only 4-gram heads) or `interleaved` (heads dealt round-robin, each rank a
    mix of orders)."""
    heads = np.asarray(distinct_per_head, dtype=float).ravel()
    if layout == "contiguous":
        owners = np.arange(len(heads)) * ranks // len(heads)
    else:
        owners = np.arange(len(heads)) % ranks
    return [float(heads[owners == r].sum()) for r in range(ranks)]


def placement(traffic: dict, a: Assumptions, profile: Profile) -> dict:
    """Rows per rank under tensor parallelism (head-wise) for the largest measured prefill,
    rows per replica under data parallelism, and host memory per rank, with the checks."""
    step = max(traffic["prefill"], key=lambda s: s["requested_per_step"])
    ranks = a.gpus
    out = {"prefill": f"{step['batch']}x{step['seq_len']}", "ranks": ranks, "tensor_parallel": {}}
    for layout in ("contiguous", "interleaved"):
        rows = head_placement(step["distinct_per_head"], ranks, layout)
        out["tensor_parallel"][layout] = {
            "rows_per_rank": rows,
            "bytes_per_rank": [r * traffic["row_bytes"] for r in rows],
            "imbalance_max_over_mean": max(rows) / (sum(rows) / len(rows)),
        }
    # sequence parallel: each rank addresses T / ranks positions of every head; distinct rows
    # grow sub-linearly with tokens, so a rank reads more than 1/ranks of the step's rows
    smaller = [s for s in traffic["prefill"] if s["requested_per_step"] * ranks <= step["requested_per_step"] * 1.01]
    if smaller:
        nearest = max(smaller, key=lambda s: s["requested_per_step"])
        out["sequence_parallel"] = {
            "rows_per_rank": nearest["distinct_per_step"],
            "measured_on": f"{nearest['batch']}x{nearest['seq_len']}",
            "vs_even_share": nearest["distinct_per_step"] / (step["distinct_per_step"] / ranks),
        }
    table_gib = traffic["table_gib"]
    out["data_parallel"] = {
        "host_gib_per_replica_private": table_gib,
        "host_gib_per_node_shared": table_gib,
        "host_gib_per_node_private": table_gib * max(1, profile.gpus_per_node // ranks),
        "host_dram_gib_per_node": profile.host_dram_gib * profile.gpus_per_node,
    }
    out["checks"] = host_checks(table_gib, profile, ranks)
    return out


def host_checks(table_gib: float, profile: Profile, ranks: int) -> list[str]:
    """What breaks first when the tables move to host memory."""
    node_dram = profile.host_dram_gib * profile.gpus_per_node
    replicas = max(1, profile.gpus_per_node // ranks)
    fits = "fits once" if table_gib < node_dram else "does NOT fit"
    copies = f"; {replicas:.0f} private copies need {table_gib * replicas:.0f} GiB" if replicas > 1 else ""
    return [
        f"host DRAM: {table_gib:.0f} GiB of tables against {node_dram:.0f} GiB per node: {fits}{copies}",
        (
            "shared memory: replicas sharing one copy map it from /dev/shm (or a hugetlbfs file): its size must be >= "
            f"{table_gib:.0f} GiB; "
            "container runtimes default to 64 MiB (docker --shm-size, Kubernetes emptyDir medium: Memory with sizeLimit)"
        ),
        (
            "pinned memory: a UVA gather needs the table page-locked (cudaHostRegister): RLIMIT_MEMLOCK must allow "
            f"{table_gib:.0f} GiB "
            "(ulimit -l unlimited; containers: --ulimit memlock=-1), and pinned pages cannot be swapped or shared copy-on-write"
        ),
        (
            f"per rank: tensor-parallel ranks of one replica read their own heads' rows; with {ranks} ranks each holds "
            f"{table_gib / ranks:.1f} GiB of the tables if sharded, or maps the one shared copy"
        ),
    ]


def plan(
    traffic: dict,
    cfg: ModelConfig | ModelCompute,
    profile: Profile,
    a: Assumptions,
    batches: list[int],
    active_params: float | None = None,
) -> dict:
    """The whole plan: projections per batch size, the pareto of each option, placement.
    `cfg`: a config whose backbone is counted, or the compute of a model our config cannot
    express (Qwen3.8-Flash-Next's: `probe.offload.models`). `active_params` replaces the count."""
    model = cfg if isinstance(cfg, ModelCompute) else ModelCompute.from_config(cfg)
    if active_params is not None:
        model = model.with_active_params(active_params)
    projections = [p for batch in batches for p in project_decode(traffic, model, profile, a, batch)]
    return {
        "profile": profile.name,
        "profile_sources": profile.sources,
        "assumptions": asdict(a),
        "assumption_lines": a.lines()
        + [
            "attention over the KV cache is not counted in the step time",
            "decode steps add one token per sequence; prefill steps are the traffic's measured B x T shapes",
            (
                f"NVMe hot-row cache hit rate from the measured {a.cache_policy} curve at {a.cache_gib} GiB "
                f"({hit_rate_at(traffic, a.cache_gib, a.cache_policy):.3f}); the traffic trace is short, so this is a floor"
            ),
            "distinct rows per step beyond the measured batch sizes: the distinct share held at the nearest measured one",
        ],
        "model": {
            "active_params": model.active_params,
            "active_params_given": active_params is not None,
            "engram_layers": list(model.engram_layers),
            "layers": model.layers,
        },
        "table_gib": traffic["table_gib"],
        "batches": batches,
        "projections": [asdict(p) for p in projections],
        "prefill": project_prefill(traffic, model, profile, a),
        "placement": placement(traffic, a, profile),
    }


# --- validated here: this machine's profile against our own offload bench ------------------


def tier_row_seconds(tier: str, machine: dict) -> float:
    """Seconds one distinct row costs a step on this machine, by tier: a gather from RAM
    (resident, host), from a warm map, or a synchronous page fault to disk (cold mmap: one
    read in flight, so the one-thread ceiling, plus its CPU cost)."""
    ram = 1 / machine["ram_gather_rows_per_s"]
    return {
        "resident": ram,
        "host": ram,
        "mmap warm": 1 / machine["mmap_warm_gather_rows_per_s"],
        "mmap cold": max(1 / machine["disk_reads_per_s_1_thread"], machine["pread_cpu_us"] * 1e-6),
    }[tier]


def validate_against_bench(bench: dict, machine: dict) -> dict:
    """The offload bench's tiers predicted twice: with the disk ceiling measured now and with
    the one the bench measured on its own table file during its run (this machine's disk is
    shared, and its rate moves between runs)."""
    during_bench = {**machine, "disk_reads_per_s_1_thread": bench["models"]["large"]["disk_ceiling"]["1_threads"]["reads_per_s"]}
    return {
        "machine_now": machine,
        "disk_reads_per_s_1_thread_during_bench": during_bench["disk_reads_per_s_1_thread"],
        "with_disk_measured_now": predict_bench(bench, machine),
        "with_disk_measured_during_bench": predict_bench(bench, during_bench),
    }


def predict_bench(bench: dict, machine: dict) -> list[dict]:
    """Predict the offload bench's tiers on its `large` model from the resident tier's step
    time (the compute, given) plus each distinct row's cost on this machine, and set the
    prediction beside the measured ratio to resident."""
    large = bench["models"]["large"]
    cases = [
        ("warm", "resident", "resident"),
        ("warm", "host", "host"),
        ("warm", "mmap", "mmap warm"),
        ("cold", "cold mmap", "mmap cold"),
    ]
    out = []
    for cache, variant, tier in cases:
        for workload in ("prefill", "decode"):
            runs = large.get(cache, {}).get(workload, {})
            if variant not in runs or "resident" not in runs:
                continue
            counted = next(v for v in runs.values() if "unique_rows" in v)  # a prefetch variant counts the same batches' rows
            rows_per_step = counted["unique_rows"] / counted["steps"]
            compute = runs["resident"]["batch_p50_s"] if workload == "prefill" else runs["resident"]["step_p50_ms"] / 1e3
            extra = rows_per_step * (tier_row_seconds(tier, machine) - tier_row_seconds("resident", machine))
            predicted = compute / (compute + extra)
            measured = runs[variant]["ratio_to_resident"]
            out.append(
                {
                    "tier": tier,
                    "workload": workload,
                    "distinct_rows_per_step": rows_per_step,
                    "compute_s": compute,
                    "predicted_ratio_to_resident": predicted,
                    "measured_ratio_to_resident": measured,
                    "predicted_over_measured": predicted / measured,
                    "within_20_percent": abs(predicted / measured - 1) <= 0.2,
                }
            )
    return out
