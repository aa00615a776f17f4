import numpy as np

# The 16 NF4 levels of QLoRA / bitsandbytes (normal quantiles scaled to [-1, 1]).
NF4 = np.array([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
])  # fmt: skip


def nf4_quantize(w: np.ndarray, block_size: int = 64):
    """NF4 codes (one uint8 per value, unpacked) and one absmax per block of block_size."""
    blocks = w.reshape(-1, block_size)  # [n_blocks, block_size], C order
    absmax = np.abs(blocks).max(axis=1, keepdims=True)  # [n_blocks, 1]
    absmax = np.where(absmax > 0, absmax, 1.0)  # all-zero block: avoid 0 / 0
    x = blocks / absmax  # every value now in [-1, 1]
    # Distance to each of the 16 levels; argmin keeps the first minimum on a tie.
    codes = np.argmin(np.abs(x[..., None] - NF4), axis=-1)  # [n_blocks, block_size]
    return codes.reshape(-1).astype(np.uint8), absmax[:, 0]
