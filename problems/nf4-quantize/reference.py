"""Trusted reference for nf4-quantize: blockwise absmax normalisation (C order), then the
index of the nearest of bitsandbytes' 16 NF4 levels, ties to the lower index."""

import numpy as np

# bitsandbytes/functional.py `get_4bit_type("nf4")` (same values in csrc/kernels.cu's
# nf4_dequantization_lut and bitsandbytes/backends/utils.py), float32 values read 2026-12.
NF4_LEVELS = np.array(
    [
        -1.0,
        -0.6961928009986877,
        -0.5250730514526367,
        -0.39491748809814453,
        -0.28444138169288635,
        -0.18477343022823334,
        -0.09105003625154495,
        0.0,
        0.07958029955625534,
        0.16093020141124725,
        0.24611230194568634,
        0.33791524171829224,
        0.44070982933044434,
        0.5626170039176941,
        0.7229568362236023,
        1.0,
    ]
)


def nf4_quantize(w: np.ndarray, block_size: int = 64) -> tuple[np.ndarray, np.ndarray]:
    """(codes [w.size] uint8, absmax [w.size // block_size] float64)."""
    blocks = np.asarray(w, dtype=np.float64).reshape(-1, block_size)  # C order
    absmax = np.abs(blocks).max(axis=1)  # [n_blocks]
    absmax = np.where(absmax > 0, absmax, 1.0)  # a block of zeros gets absmax 1
    x = blocks / absmax[:, None]  # in [-1, 1]
    dist = np.abs(x[..., None] - NF4_LEVELS)  # [n_blocks, block_size, 16]
    codes = np.argmin(dist, axis=-1)  # first minimum: ties to the lower index
    return codes.astype(np.uint8).reshape(-1), absmax
