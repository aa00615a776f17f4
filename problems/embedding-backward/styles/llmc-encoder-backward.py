"""Karpathy's llm.c `encoder_backward` (train_gpt2.c; read 2026-12): for b in B, for t in
T, ix = inp[b * T + t], then dwte_ix[i] += dout_bt[i] for each of the C channels.

Changed: numpy arrays instead of raw float pointers; ids of any shape are viewed as
[B, T] (T the last axis, B everything before it) and dout as [B, T, C]; the positional
embedding's dwpe is dropped; the padding row is zeroed at the end."""

import numpy as np


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    C = grad_out.shape[-1]
    T = ids.shape[-1] if ids.ndim > 0 else 1
    inp = ids.reshape(-1)  # flat, as the C code indexes it
    B = inp.size // T
    dout = grad_out.reshape(B, T, C)
    dwte = np.zeros((vocab_size, C))
    for b in range(B):
        for t in range(T):
            dout_bt = dout[b, t]
            ix = inp[b * T + t]
            dwte_ix = dwte[ix]  # a view of row ix
            for i in range(C):
                d = dout_bt[i]
                dwte_ix[i] += d
    if padding_idx is not None:
        dwte[padding_idx] = 0.0
    return dwte
