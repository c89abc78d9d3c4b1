"""Bridges: public Engram-family models run by their own transformers classes, with our hook
points, table tiers and addressing on top (DESIGN.md, "bridges/").

A bridge wraps and hooks; it never re-implements a backbone that transformers ships. It is
TransformerLens 3's `TransformerBridge` idea cut down to what probing Engram needs: the
library's model is built and loaded by the library (`from_pretrained`), and the bridge adds

1. **The Engram modules, found.** Each architecture names the modules that do the n-gram
   lookup and the gating (Qwen4-Exp: `model.layers[i].ple`, a `Qwen4ExpTextPLELayer`, on the
   decoder layers in the config's one-indexed `ple_layer_ids`). Hook names use the decoder
   layer's zero-based index, as transformers' `layer_idx` does: Qwen's `ple_layer_ids=[1]`
   is `blocks.0.engram`.
2. **Hook points.** A `HookedRootModule` whose `blocks.{L}.engram.*` and `blocks.{L}.hook_*`
   are TransformerLens `HookPoint`s in our layout (`engram_model.engram`, `tests/test_model.py`):
   `hook_rows` `[B, T, H]` per-head row ids before table offsets, `hook_memory` `[B, T, d_mem]`,
   `hook_key` `[B, T, M, d]` (before the key norm), `hook_value` `[B, T, d]`, `hook_gate`
   `[B, T, M]` (one gate per hyper-connection stream), `hook_out` `[B, M, T, d]`; residual
   hooks `[B, M, T, d]`. They are reached by torch forward (pre-)hooks on the library's
   modules, and, where the quantity never leaves a module's forward (the gate), by replacing
   that one module's `forward` with one that calls the same submodules in the same order and
   passes the intermediates through hook points. Each adapter's tests hold the logits and
   gates to transformers' own forward.
3. **Table tiers.** `tier=resident` keeps the library's own table (`nn.Embedding`, loaded by
   `from_pretrained`); `host` and `mmap` skip the table at load (it stays on the meta device)
   and serve its rows from `engram_model.tables` tiers read straight out of the checkpoint's
   safetensors shards (`tables.parts`: a table split over several tensors is one table).
   The library's lookup module is swapped for one that gathers from the tier. With
   `prefetch`, each Engram layer's hook module carries `table` (a `RowTable`; the library's own
   `nn.Embedding` seen as one when resident) and `offsets`, which is what `Prefetcher` reads;
   forward hashes the rows before layer 0 and the lookup takes the prefetched rows.
4. **Addressing.** An addresser that reproduces the model's row ids in numpy from token ids
   alone, before layer 0 (for prefetching, row statistics and probes), tested equal to the
   library's own id computation at tiny and at released sizes. The arithmetic shared with our
   spec (suffix-n-gram XOR mixing, primality) comes from `engram_model.addressing`.

5. **The model interface the probes read.** The bridged model answers what `probe` asks of
   an `EngramLM`: `cfg` (layers, Engram layers, max n-gram), `tokenizer`, `engram_rows` /
   `rows=` and `stop_at_layer` in `forward`, and the final step split in two,
   `final_normalized(streams) -> [B, T, d]` (the library's own final mixing and norm of the
   streams) and `unembed` (its output head), which the log-prob recorder and the logit lens
   call.

`BridgeAdapter` below is that contract; its `table_addressing(directory)` answers the
offload commands (traffic, row statistics, planning) from config.json, tokenizer.json and
the shards' headers, without loading the model; `load_model` dispatches on `config.json`'s
`model_type` (`adapter_for`). Adapters import transformers; this module does not.

Qwen4-Exp (`qwen4_exp`, `qwen4_exp_text`; Qwen3.8-Flash-Next) is the first adapter
(`bridges.qwen4_exp`). A text-only `Qwen4ExpForCausalLM` is loaded also from a multimodal
(`qwen4_exp`) checkpoint: its `text_config`, and transformers' own weight renaming.

**What a DeepSeek-V4.1 adapter would need.** transformers has no released `deepseek_v41`
class, so today V4.1 loads only its Engram side (`load_model(..., engram_only=True)` ->
`v41_checkpoint.EngramParts`: our `Engram` module with `fused_kv`, tables mapped out of the
shards by `tables.ShardedTables`, `NgramAddresser` with the tokenizer's compression). When
the class ships, an adapter would: map `model_type` to it; find its Engram modules (layers
`engram_layer_ids`, zero-indexed already); hook the gate by replacing that module's forward
as here (the gate is an inline computation there too, in vLLM and SGLang); keep the library's
table when resident, and for host/mmap swap its lookup for our FP8 tiers (`ShardedTables`
already reads `embed.weight` + `embed.scale` where they lie, dequantised to bf16 as vLLM
does), exposing each layer's table and head offsets on its hook module for the `Prefetcher`;
and check the library's row ids against `NgramAddresser` (V4.1 addresses compressed
ids, pads with the compressed pad id and never cuts at EOS, unlike Qwen). Until then
`EngramParts.forward` takes residual streams from any backbone.
"""

from __future__ import annotations

import importlib
import os
from abc import ABC, abstractmethod
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from ..checkpoint import CONFIG, MANIFEST, CheckpointError
from ..config import MAX_CONFIG_BYTES, read_json_file, short

if TYPE_CHECKING:
    import torch
    from tokenizers import Tokenizer
    from torch import nn

    from ..addressing import TableAddressing
    from ..tables import RowTable, TierOptions

# config.json `model_type` -> the module that holds its adapter (imported on first use)
ADAPTERS = {
    "qwen4_exp": "qwen4_exp",
    "qwen4_exp_text": "qwen4_exp",
}


class BridgeAdapter(ABC):
    """What one architecture provides so that `load_model` opens its transformers checkpoints
    as a hooked model. `load` ties the other four together."""

    model_types: ClassVar[tuple[str, ...]]  # the config.json `model_type`s it opens

    @abstractmethod
    def read_config(self, directory: Path) -> Any:
        """The checkpoint's config, checked: errors name config.json, the key and the fix."""

    @abstractmethod
    def engram_modules(self, hf_model: nn.Module) -> dict[int, nn.Module]:
        """{zero-based decoder layer: the library's module doing that layer's lookup and gating}."""

    @abstractmethod
    def open_tables(self, directory: Path, cfg: Any, options: TierOptions, device: str | torch.device) -> dict[int, RowTable]:
        """Each Engram layer's table in an offloaded tier, read where the checkpoint stores it."""

    @abstractmethod
    def addresser(self, cfg: Any) -> Any:
        """Row ids from token ids alone, exactly as the library computes them."""

    @abstractmethod
    def table_addressing(self, directory: Path, name: str) -> TableAddressing:
        """The checkpoint's addressing (`engram_model.addressing.TableAddressing`) from its config,
        tokenizer and weight headers alone: no weight is read, so a 95 GiB table costs nothing."""

    @abstractmethod
    def load(
        self,
        directory: Path,
        device: str | torch.device = "cpu",
        tokenizer: Tokenizer | None = None,
        tier: str | TierOptions = "resident",
        verify: bool = True,
        dtype: torch.dtype | str | None = None,
    ) -> nn.Module:
        """The library's model, loaded by the library, hooked: a TransformerLens `HookedRootModule`;
        its backbone on `device` in `dtype` (None: the checkpoint's), its tables in `tier`."""


def transformers_config(directory: Path) -> dict | None:
    """config.json when `directory` looks like a transformers checkpoint (a config.json with a
    `model_type`, and none of our manifests); None otherwise. It is read with bounds
    (`engram_model.config.read_json_file`): a config.json that is no JSON object is a
    CheckpointError saying what it is instead (a link to nothing, a FIFO, JSON nested too
    deeply), never taken for another kind of checkpoint."""
    config, manifest = Path(directory) / CONFIG, Path(directory) / MANIFEST
    if os.path.lexists(manifest) or not os.path.lexists(config):
        return None
    data = read_json_file(config, MAX_CONFIG_BYTES, "download the checkpoint's config.json again", CheckpointError)
    if not isinstance(data, dict):
        raise CheckpointError(f"{config} holds a JSON {type(data).__name__}, not an object of keys; download it again")
    return data if isinstance(data.get("model_type"), str) else None


def adapter_for(model_type: str) -> BridgeAdapter | None:
    """The adapter for a config.json `model_type`, or None when no bridge knows it."""
    module = ADAPTERS.get(model_type)
    if module is None:
        return None
    return importlib.import_module(f"{__name__}.{module}").ADAPTER


def bridge_for(directory: Path) -> BridgeAdapter | None:
    """The adapter that opens `directory`, None for our checkpoints and DeepSeek-V4.1's; a
    transformers checkpoint of a type no bridge knows is refused here, by name (an unreadable
    config.json too, as what it is: `transformers_config`)."""
    config = transformers_config(directory)
    if config is None:
        return None
    adapter = adapter_for(config["model_type"])
    # a DeepSeek-V4.1 config names its Engram layers; its Engram side loads without a bridge
    if adapter is None and "engram_layer_ids" not in config:
        raise CheckpointError(
            f"{Path(directory) / CONFIG} has model_type {short(config['model_type'])}, which no bridge opens; this engine "
            f"loads our checkpoints, DeepSeek-V4.1's Engram side and transformers checkpoints of model_type {', '.join(ADAPTERS)}"
        )
    return adapter
