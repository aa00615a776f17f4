# Wrong: 16 evenly spaced levels from np.linspace(-1, 1, 16) instead of the NF4 table.
import numpy as np


def nf4_quantize(w, block_size=64):
    levels = np.linspace(-1.0, 1.0, 16)
    blocks = w.reshape(-1, block_size)
    absmax = np.abs(blocks).max(axis=1, keepdims=True)
    absmax = np.where(absmax > 0, absmax, 1.0)
    codes = np.argmin(np.abs((blocks / absmax)[..., None] - levels), axis=-1)
    return codes.reshape(-1).astype(np.uint8), absmax[:, 0]
