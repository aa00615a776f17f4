"""Karpathy, "Building makemore Part 4: Becoming a Backprop Ninja" (nn-zero-to-hero,
lectures/makemore/makemore_part4_backprop.ipynb, exercise 1; read 2026-12): the embedding
table C is indexed as emb = C[Xb], and its gradient is accumulated row by row,
`dC = torch.zeros_like(C); for k ...: for j ...: ix = Xb[k, j]; dC[ix] += demb[k, j]`.

Changed: numpy; np.ndindex over ids of any shape instead of the two loops over a [B, 3]
context; positions holding padding_idx are skipped."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    Xb, demb = ids, grad_out
    dC = np.zeros((vocab_size, demb.shape[-1]))
    for pos in np.ndindex(Xb.shape):
        ix = Xb[pos]
        if ix == padding_idx:
            continue
        dC[ix] += demb[pos]
    return dC
