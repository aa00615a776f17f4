"""The backward pass of FlashAttention-2 (Dao, 2023, Algorithm 2), without the GPU: the
forward keeps only the output O and each row's log-sum-exp L; the backward recomputes the
weights block by block as P = exp(S - L), and uses D = rowsum(dO * O) in place of
rowsum(dP * P) (the two are equal). Key/value blocks in the outer loop, query blocks inside."""

import numpy as np


def _forward(q, k, v, scale):
    s = q @ k.T * scale
    m = s.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(s - m).sum(axis=1, keepdims=True))  # [Lq, 1]
    return np.exp(s - lse) @ v, lse


def attention_backward(q, k, v, grad_out, block=2):
    scale = 1.0 / np.sqrt(q.shape[1])
    out, lse = _forward(q, k, v, scale)
    D = (grad_out * out).sum(axis=1, keepdims=True)  # [Lq, 1]
    dq, dk, dv = np.zeros_like(q), np.zeros_like(k), np.zeros_like(v)
    for j in range(0, k.shape[0], block):
        kj, vj = k[j : j + block], v[j : j + block]
        for i in range(0, q.shape[0], block):
            qi, doi = q[i : i + block], grad_out[i : i + block]
            p = np.exp(qi @ kj.T * scale - lse[i : i + block])  # recomputed weights
            dv[j : j + block] += p.T @ doi
            dp = doi @ vj.T
            ds = p * (dp - D[i : i + block])
            dq[i : i + block] += ds @ kj * scale
            dk[j : j + block] += ds.T @ qi * scale
    return dq, dk, dv
