"""Row formats: how one table row of `row_dim` values is laid out as bytes.

    fp32, bf16, fp16   the values themselves
    fp8_e4m3           D E4M3 codes and D/32 E8M0 exponents (one per block of 32 values), as
                       DeepSeek-V4.1 stores its tables; dequantised fp32(code) * 2^(e - 127).
                       Our table file keeps a row's codes and exponents in one record; a V4.1
                       checkpoint keeps them as two arrays (`split_scales`), and its rows are
                       used rounded to bf16, as vLLM and SGLang use them.

E8M0's zero byte: this codec follows the format's definition (OCP MX), where byte 0 is
2^-127, as SGLang reads it; vLLM reads it as 0. The two differ only for a block whose every
value is below 448 * 2^-127 (about 2.6e-36), so no logit moves; `quantize_fp8` never writes it
for a block that is not all zeros.
"""

from __future__ import annotations

from dataclasses import dataclass

import torch


class TableError(ValueError):
    """A table file, row format or tier that cannot serve rows; the message names the input and the fix."""


# --- row formats ---------------------------------------------------------------------------

ROW_FORMATS = ("fp32", "bf16", "fp16", "fp8_e4m3")
FP8_BLOCK = 32  # values per E8M0 scale
# The largest magnitude that rounds (to nearest, ties to even) onto E4M3's largest finite value
# 448: the next code would be 480, and 464 sits halfway with 448 the even one.
E4M3_ROUNDS_TO_MAX = 464.0

_PLAIN_DTYPES = {"fp32": torch.float32, "bf16": torch.bfloat16, "fp16": torch.float16}
_SAFETENSORS_DTYPES = {"fp32": "F32", "bf16": "BF16", "fp16": "F16", "fp8_e4m3": "U8"}


def e8m0_to_float(exponents: torch.Tensor) -> torch.Tensor:
    """E8M0 bytes -> float32 2^(e-127), exact (2^-127 is a float32 subnormal); 255 is NaN."""
    return exponents.view(torch.float8_e8m0fnu).float()


def quantize_fp8(values: torch.Tensor) -> tuple[torch.Tensor, torch.Tensor]:
    """`[n, D]` float -> (E4M3 codes `uint8 [n, D]`, E8M0 exponents `uint8 [n, D/32]`).

    Each block of 32 gets the smallest power-of-two scale 2^e with `amax <= 464 * 2^e`, so no
    value saturates and the block maximum lands on a code in [240, 448]. That rule is a fixed
    point: quantising the dequantised rows again gives the same bytes, so checkpoints re-save
    bit-exact.
    """
    if values.ndim != 2 or values.shape[1] % FP8_BLOCK:
        raise TableError(f"fp8_e4m3 rows must be [n, D] with D a multiple of {FP8_BLOCK}, got {tuple(values.shape)}")
    values = values.float()
    if not torch.isfinite(values).all():
        raise TableError("fp8_e4m3 cannot encode NaN or infinite table values; fix the table before quantising")
    n, dim = values.shape
    blocks = values.view(n, dim // FP8_BLOCK, FP8_BLOCK)
    # amax = m * 2^k with m in [0.5, 1); 464 = 0.90625 * 2^9, so the smallest e is k-9, or k-8
    # when m is above 0.90625. frexp keeps this exact (log2 would not be at powers of two).
    mantissa, exponent = torch.frexp(blocks.abs().amax(-1))
    e = (exponent - 9 + (mantissa > 0.90625).int()).clamp(-127, 127)
    exponents = (e + 127).to(torch.uint8)
    scaled = blocks / e8m0_to_float(exponents)[..., None]  # division by a power of two: exact
    codes = scaled.to(torch.float8_e4m3fn).view(torch.uint8).view(n, dim)
    return codes, exponents


def dequantize_fp8(codes: torch.Tensor, exponents: torch.Tensor) -> torch.Tensor:
    """E4M3 codes `uint8 [n, D]` and E8M0 exponents `uint8 [n, D/32]` -> float32 `[n, D]`."""
    n, dim = codes.shape
    values = codes.contiguous().view(torch.float8_e4m3fn).float().view(n, dim // FP8_BLOCK, FP8_BLOCK)
    return (values * e8m0_to_float(exponents.contiguous())[..., None]).view(n, dim)


@dataclass(frozen=True)
class RowCodec:
    """How one row of `row_dim` values is laid out as bytes.

    fp32/bf16/fp16: the values themselves. fp8_e4m3: D E4M3 codes, then D/32 E8M0 exponents,
    in one record (a 256-wide row is 256 + 8 bytes), so one row is one read on disk.
    `split_scales` (fp8 only): codes and exponents are two arrays, as in a DeepSeek-V4.1
    checkpoint; a read of n rows is then laid out array by array (n rows of codes, then n rows
    of exponents, each contiguous), and rows decode rounded to bf16.
    """

    name: str
    row_dim: int
    split_scales: bool = False

    def __post_init__(self) -> None:
        if self.name not in ROW_FORMATS:
            raise TableError(f"unsupported row format {self.name!r}; choose one of {', '.join(ROW_FORMATS)}")
        if self.name == "fp8_e4m3" and self.row_dim % FP8_BLOCK:
            raise TableError(f"fp8_e4m3 needs head_dim divisible by {FP8_BLOCK}, got {self.row_dim}; use bf16 or fp16")
        if self.split_scales and self.name != "fp8_e4m3":
            raise TableError(f"split_scales describes fp8_e4m3 codes with separate scales, not {self.name} rows")

    @property
    def value_dtype(self) -> torch.dtype:
        """What a gather returns: the stored dtype, or float32 for dequantised fp8 (bf16 for a
        V4.1 checkpoint's split-scale rows)."""
        if self.split_scales:
            return torch.bfloat16
        return _PLAIN_DTYPES.get(self.name, torch.float32)

    @property
    def row_bytes(self) -> int:
        if self.name == "fp8_e4m3":
            return self.row_dim + self.row_dim // FP8_BLOCK
        return self.row_dim * _PLAIN_DTYPES[self.name].itemsize

    @property
    def array_widths(self) -> tuple[int, ...]:
        """Bytes per row of each stored array: one record, or codes and scales apart."""
        return (self.row_dim, self.row_dim // FP8_BLOCK) if self.split_scales else (self.row_bytes,)

    @property
    def safetensors_dtype(self) -> str:
        return _SAFETENSORS_DTYPES[self.name]

    @property
    def columns(self) -> int:
        """Elements per row in the safetensors shape `[rows, columns]`."""
        return self.row_bytes if self.name == "fp8_e4m3" else self.row_dim

    def encode(self, values: torch.Tensor) -> torch.Tensor:
        """float `[n, row_dim]` -> `uint8 [n, row_bytes]` (CPU)."""
        values = values.detach().cpu()
        if self.name == "fp8_e4m3":
            codes, exponents = quantize_fp8(values)
            if self.split_scales:
                return torch.cat([codes.reshape(-1), exponents.reshape(-1)]).view(len(values), self.row_bytes)
            return torch.cat([codes, exponents], dim=1)
        return values.to(self.value_dtype).contiguous().view(torch.uint8)

    def decode(self, raw: torch.Tensor) -> torch.Tensor:
        """`uint8 [n, row_bytes]` -> `[n, row_dim]` of `value_dtype`, on raw's device."""
        if raw.shape[0] == 0:  # an empty read (every row was a cache hit) has no strides to view
            return torch.empty(0, self.row_dim, dtype=self.value_dtype, device=raw.device)
        if self.split_scales:
            n, flat = raw.shape[0], raw.contiguous().view(-1)
            codes, exponents = flat[: n * self.row_dim].view(n, -1), flat[n * self.row_dim :].view(n, -1)
            return dequantize_fp8(codes, exponents).to(torch.bfloat16)  # round to nearest even, as vLLM/SGLang
        if self.name == "fp8_e4m3":
            return dequantize_fp8(raw[:, : self.row_dim], raw[:, self.row_dim :])
        return raw.contiguous().view(self.value_dtype)
