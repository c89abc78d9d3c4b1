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

import numpy as np
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


# An E8M0 exponent from which a block's largest code (448 = 2^8.8) may overflow float32 or bf16
# (2^128) once scaled: rows with one are decoded to check; below it only NaN codes can be non-finite.
E8M0_RISKY = 0xF0
# per plain format: the unsigned view of a value, and its exponent bits (all ones: NaN or infinity)
_EXPONENT_BITS = {"fp32": (np.uint32, 0x7F800000), "bf16": (np.uint16, 0x7F80), "fp16": (np.uint16, 0x7C00)}


def _rows_with(masked: np.ndarray, pattern: int) -> np.ndarray:
    """Per row of `masked` (values already masked to some bits), whether any equals `pattern`,
    the largest value the mask allows: one vectorised max decides for the usual clean read, and
    only a read that holds the pattern is looked at row by row."""
    if masked.size == 0 or masked.max() < pattern:
        return np.zeros(len(masked), dtype=bool)
    return (masked == pattern).any(axis=1)


def e4m3_nan_rows(codes: np.ndarray) -> np.ndarray:
    """Per row of E4M3 codes `uint8 [n, D]`, whether any is NaN (0x7F or 0xFF: E4M3fn has no infinities)."""
    return _rows_with(codes & 0x7F, 0x7F)


def describe_nonfinite(tensor: torch.Tensor) -> str | None:
    """What in a tensor is NaN or infinite, in words (with the stored byte for FP8), or None
    when every value is finite (integer tensors always are)."""
    if not tensor.is_floating_point():
        return None
    bad = ~torch.isfinite(tensor.float() if tensor.element_size() == 1 else tensor)
    if not bool(bad.any()):
        return None
    at = tuple(int(i) for i in bad.nonzero()[0])
    value = tensor[at]
    stored = f"code 0x{int(value.view(torch.uint8)):02X}, " if tensor.element_size() == 1 else ""
    return f"holds {int(bad.sum())} NaN or infinite values, the first at {list(at)} ({stored}{value.float().item()})"


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

    def nonfinite_rows(self, raw: np.ndarray) -> np.ndarray:
        """Indices of the rows of encoded bytes `uint8 [n, row_bytes]` (this codec's layout)
        that decode to a NaN or an infinity, found on the bytes themselves: a bit test per
        value (IEEE exponent all ones, E4M3 0x7F/0xFF, E8M0 0xFF), no decode and no device
        sync; fp8 rows whose scale could overflow (`E8M0_RISKY`) are decoded to be sure."""
        n = raw.shape[0]
        if n == 0:
            return np.zeros(0, dtype=np.int64)
        if self.name == "fp8_e4m3":
            codes, scales = self._fp8_parts(raw)
            bad = e4m3_nan_rows(codes) | _rows_with(scales, 0xFF)
            risky = np.flatnonzero(~bad & (scales >= E8M0_RISKY).any(axis=1)) if scales.max() >= E8M0_RISKY else []
            if len(risky):
                values = dequantize_fp8(torch.from_numpy(codes[risky].copy()), torch.from_numpy(scales[risky].copy()))
                values = values.bfloat16() if self.split_scales else values
                bad[risky] = ~torch.isfinite(values).all(dim=1).numpy()
            return np.flatnonzero(bad)
        unsigned, exponent = _EXPONENT_BITS[self.name]
        return np.flatnonzero(_rows_with(np.ascontiguousarray(raw).view(unsigned) & unsigned(exponent), exponent))

    def why_nonfinite(self, raw_rows: np.ndarray, i: int) -> str:
        """What makes row `i` of encoded rows `raw_rows` non-finite, in words."""
        if self.name == "fp8_e4m3":
            codes, scales = (part[i] for part in self._fp8_parts(raw_rows))
            if (scales == 0xFF).any():
                block = int(np.argmax(scales == 0xFF))
                return f"E8M0 scale 0xFF (NaN) for values {block * FP8_BLOCK}-{block * FP8_BLOCK + FP8_BLOCK - 1}"
            if ((codes | 0x80) == 0xFF).any():
                at = int(np.argmax((codes | 0x80) == 0xFF))
                return f"E4M3 code 0x{int(codes[at]):02X} (NaN) at value {at}"
            return f"values that overflow once scaled (E8M0 scale 0x{int(scales.max()):02X} = 2^{int(scales.max()) - 127})"
        values = self.decode(torch.from_numpy(np.ascontiguousarray(raw_rows[i : i + 1])))[0].float()
        at = int(torch.argmax((~torch.isfinite(values)).int()))
        value = values[at].item()
        return f"{'NaN' if value != value else '-infinity' if value < 0 else 'infinity'} at value {at}"

    def _fp8_parts(self, raw: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """(codes `[n, D]`, exponents `[n, D/32]`) of encoded fp8 rows, in either layout."""
        n, dim = raw.shape[0], self.row_dim
        if not self.split_scales:
            return raw[:, :dim], raw[:, dim:]
        flat = np.ascontiguousarray(raw).reshape(-1)
        return flat[: n * dim].reshape(n, dim), flat[n * dim :].reshape(n, dim // FP8_BLOCK)

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
