import numpy as np


def online_softmax(x, block_size=4):
    """Softmax over the last axis, computed by streaming over blocks of columns.

    x: float64 array [N, L]; block_size: columns per block.
    Returns an array [N, L]; each row sums to 1.
    """
    n, length = x.shape
    # TODO: keep a running maximum m [N] and a running sum s [N] of exp(x - m);
    # for each block of columns, update m, rescale s, add the block's terms;
    # then normalise every column with the final m and s
    return np.full((n, length), 1.0 / length)
