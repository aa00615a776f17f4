import numpy as np


def flash_attention(q, k, v, block_size=16, causal=False):
    """softmax(q @ k.T / sqrt(d)) @ v, computed one block at a time.

    q: [Lq, d], k: [Lk, d], v: [Lk, d]   (float64)
    block_size: tile size for queries and keys
    causal: block key j for query i when j > i
    Returns: [Lq, d] (float64)

    Never build the full [Lq, Lk] score matrix: keep a running max, a running sum and
    an output accumulator per query row, and rescale them when the max grows.
    """
    out = np.zeros((q.shape[0], v.shape[1]))
    # TODO: loop over query blocks and key blocks with the online softmax
    return out
