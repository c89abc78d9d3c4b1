"""Write a synthetic DeepSeek-V4.1 checkpoint: DeepSeek's file layout, tensor names, dtypes,
index and config keys exactly (`engram_model.v41_checkpoint` lists them), with small row
counts and random weights, so the reader is tested on the format without the 189 GiB.

    python -m engram_model.v41_synthetic DIR [--tokenizer tokenizer.json] [--base-rows 499]

The tables' codes and scales of one layer go to different shards, as nothing in the format
keeps them together; a few backbone tensors (DeepSeek's names) sit beside them and are not read.
"""

from __future__ import annotations

import argparse
import json
import shutil
from pathlib import Path

import torch
from safetensors.torch import save_file

from .addressing import table_primes
from .checkpoint import CONFIG, DATA_DIR, TOKENIZER
from .config import EngramConfig
from .tables import e8m0_to_float, quantize_fp8
from .tokenizer import CompressedVocab, load_tokenizer
from .v41_checkpoint import INDEX, WKV_BLOCK, engram_tensor


def synthetic_config(tokenizer_path: Path, base_rows: int = 499, hidden: int = 64, layers: tuple[int, ...] = (1, 3)) -> dict:
    """A V4.1 config.json's keys at a small size: V4.1's Engram geometry (N=4, K=8, 256-wide
    rows, 4 streams) over `base_rows` rows per head, sized to the tokenizer."""
    tokenizer = load_tokenizer(tokenizer_path)
    engram = EngramConfig(
        layers=layers,
        compressed_vocab_size=CompressedVocab.from_tokenizer(tokenizer).size,
        table_base_sizes=(base_rows,) * 3,
        max_ngram=4,
        heads_per_order=8,
        head_dim=256,
    )
    return {
        "architectures": ["DeepseekV4ForCausalLM"],
        "vocab_size": tokenizer.get_vocab_size(with_added_tokens=True),
        "hidden_size": hidden,
        "num_hidden_layers": max(layers) + 1,
        "num_attention_heads": 4,
        "num_key_value_heads": 1,
        "head_dim": 32,
        "hc_mult": 4,
        "n_routed_experts": 8,
        "num_experts_per_tok": 2,
        "moe_intermediate_size": 96,
        "n_shared_experts": 1,
        "first_k_dense_replace": 0,
        "rms_norm_eps": 1e-20,
        "max_position_embeddings": 4096,
        "rope_theta": 10000.0,
        "tie_word_embeddings": False,
        "engram_layer_ids": list(layers),
        "engram_num_embeddings": [sum(map(sum, primes)) for primes in table_primes(engram).values()],
        "engram_max_ngram_size": engram.max_ngram,
        "engram_vocab_size": base_rows,
        "engram_n_heads": engram.heads_per_order,
        "engram_head_dim": engram.head_dim,
        "engram_pad_token_id": engram.pad_id,
        "engram_compressed_vocab_size": engram.compressed_vocab_size,
    }


def quantize_blocks(values: torch.Tensor, block: int = WKV_BLOCK) -> tuple[torch.Tensor, torch.Tensor]:
    """float `[out, in]` -> (F8_E4M3 codes, F8_E8M0 scales `[out/block, in/block]`), one scale
    per `[block, block]` tile: the largest of the exponents `quantize_fp8` picks for the
    tile's rows of 32, so no value saturates."""
    out_dim, in_dim = values.shape
    tiles = values.view(out_dim // block, block, in_dim // block, block).transpose(1, 2).reshape(-1, block * block)
    _, exponents = quantize_fp8(tiles)
    scales = exponents.amax(-1).view(out_dim // block, in_dim // block)
    per_value = e8m0_to_float(scales).repeat_interleave(block, 0).repeat_interleave(block, 1)
    return (values / per_value).to(torch.float8_e4m3fn), scales.view(torch.float8_e8m0fnu)


def engram_tensors(config: dict, seed: int = 0) -> dict[int, dict[str, torch.Tensor]]:
    """Each Engram layer's tensors, by their V4.1 names."""
    generator = torch.Generator().manual_seed(seed)
    streams, hidden = config["hc_mult"], config["hidden_size"]
    memory_dim = (config["engram_max_ngram_size"] - 1) * config["engram_n_heads"] * config["engram_head_dim"]
    out = {}
    for layer, rows in zip(config["engram_layer_ids"], config["engram_num_embeddings"]):
        table = torch.randn(rows, config["engram_head_dim"], generator=generator) * 0.5
        codes, exponents = quantize_fp8(table)
        wkv_codes, wkv_scale = quantize_blocks(torch.randn((streams + 1) * hidden, memory_dim, generator=generator) * 0.02)
        out[layer] = {
            engram_tensor(layer, "embed.weight"): codes.view(torch.float8_e4m3fn),
            engram_tensor(layer, "embed.scale"): exponents.view(torch.float8_e8m0fnu),
            engram_tensor(layer, "wkv.weight"): wkv_codes,
            engram_tensor(layer, "wkv.scale"): wkv_scale,
            engram_tensor(layer, "q_weight"): (1 + 0.1 * torch.randn(streams, hidden, generator=generator)).bfloat16(),
            engram_tensor(layer, "k_weight"): (1 + 0.1 * torch.randn(streams, hidden, generator=generator)).bfloat16(),
        }
    return out


def write_synthetic_v41(
    directory: str | Path, tokenizer_path: str | Path = DATA_DIR / TOKENIZER, base_rows: int = 499, seed: int = 0
) -> Path:
    """Write config.json, the index, three shards and tokenizer.json into `directory` (new)."""
    directory, tokenizer_path = Path(directory), Path(tokenizer_path)
    directory.mkdir(parents=True, exist_ok=False)
    config = synthetic_config(tokenizer_path, base_rows)
    layers = engram_tensors(config, seed)
    shards: list[dict[str, torch.Tensor]] = [{}, {}, {}]
    for i, (layer, tensors) in enumerate(layers.items()):
        for name, tensor in tensors.items():
            # a layer's scales one shard further than its codes and the rest of its tensors
            shards[(i + name.endswith("embed.scale")) % len(shards)][name] = tensor
    generator = torch.Generator().manual_seed(seed + 1)
    vocab, hidden = config["vocab_size"], config["hidden_size"]
    shards[-1]["embed.weight"] = (torch.randn(vocab, hidden, generator=generator) * 0.02).bfloat16()
    shards[-1]["head.weight"] = (torch.randn(vocab, hidden, generator=generator) * 0.02).bfloat16()
    shards[-1]["norm.weight"] = torch.ones(hidden, dtype=torch.bfloat16)
    weight_map, total = {}, 0
    for k, tensors in enumerate(shards, start=1):
        name = f"model-{k:05d}-of-{len(shards):05d}.safetensors"
        save_file(tensors, directory / name, metadata={"format": "pt"})
        weight_map.update(dict.fromkeys(tensors, name))
        total += sum(t.numel() * t.element_size() for t in tensors.values())
    (directory / INDEX).write_text(json.dumps({"metadata": {"total_size": total}, "weight_map": weight_map}, indent=2))
    (directory / CONFIG).write_text(json.dumps(config, indent=2))
    shutil.copyfile(tokenizer_path, directory / TOKENIZER)
    return directory


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("directory", type=Path, help="a new directory to write the checkpoint into")
    parser.add_argument(
        "--tokenizer", type=Path, default=DATA_DIR / TOKENIZER, help="a HF tokenizer.json (default: the bundled one)"
    )
    parser.add_argument(
        "--base-rows", type=int, default=499, help="rows per hash head before the prime search (V4.1: 16,000,000)"
    )
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    if args.directory.exists():
        parser.error(f"{args.directory} exists; choose a new directory")
    print(write_synthetic_v41(args.directory, args.tokenizer, args.base_rows, args.seed))


if __name__ == "__main__":
    main()
