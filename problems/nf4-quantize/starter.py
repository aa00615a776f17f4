import numpy as np

# The 16 NF4 levels (bitsandbytes), in increasing order; code i stands for NF4[i].
NF4 = np.array([
    -1.0, -0.6961928009986877, -0.5250730514526367, -0.39491748809814453,
    -0.28444138169288635, -0.18477343022823334, -0.09105003625154495, 0.0,
    0.07958029955625534, 0.16093020141124725, 0.24611230194568634, 0.33791524171829224,
    0.44070982933044434, 0.5626170039176941, 0.7229568362236023, 1.0,
])  # fmt: skip


def nf4_quantize(w, block_size=64):
    """Blockwise NF4 quantisation.

    w: float64 array of any shape, w.size a multiple of block_size.
    Returns: codes, uint8 [w.size], the index (0..15) of the nearest NF4 level of each
    value after dividing by its block's absmax (C-order blocks, ties to the lower index);
    absmax, float64 [w.size // block_size] (1.0 for a block of zeros).
    """
    n_blocks = w.size // block_size
    # TODO: flatten w in C order into [n_blocks, block_size]; absmax per block (1.0 if 0)
    # TODO: x = block / absmax; code = index of the nearest NF4 level (first on a tie)
    return np.zeros(w.size, dtype=np.uint8), np.ones(n_blocks)
