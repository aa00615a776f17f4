"""Karpathy's llm.c `layernorm_backward` (train_gpt2.c, read 2026-12) adapted to RMSNorm
and ported to Python loops: per row, dnorm_i = weight[i] * dout[i] and
dnorm_norm_mean = mean(dnorm * norm), then dinp[i] += (dnorm_i - norm_i * dnorm_norm_mean)
* rstd and dweight[i] += norm_i * dout[i]. The dnorm_mean term and dbias are gone (no
centring, no bias), the mean/rstd caches are recomputed, and the [B, T, C] loops are
flattened to rows so any number of leading axes works."""

import math

import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    C = x.shape[-1]
    inp = x.reshape(-1, C)
    dout = grad_out.reshape(-1, C)
    dinp = np.zeros_like(inp)
    dweight = np.zeros(C)
    for r in range(inp.shape[0]):
        ms = 0.0
        for i in range(C):
            ms += inp[r, i] * inp[r, i]
        rstd = 1.0 / math.sqrt(ms / C + eps)
        dnorm_norm_mean = 0.0
        for i in range(C):
            norm_i = inp[r, i] * rstd
            dnorm_i = weight[i] * dout[r, i]
            dnorm_norm_mean += dnorm_i * norm_i
        dnorm_norm_mean /= C
        for i in range(C):
            norm_i = inp[r, i] * rstd
            dnorm_i = weight[i] * dout[r, i]
            dweight[i] += norm_i * dout[r, i]
            dinp[r, i] += (dnorm_i - norm_i * dnorm_norm_mean) * rstd
    return dinp.reshape(x.shape), dweight
