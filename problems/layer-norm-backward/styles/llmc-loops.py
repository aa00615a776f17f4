"""Karpathy's llm.c layernorm_backward (train_gpt2.c), ported to Python loops: per row,
dnorm = weight * dout, its mean and its mean against norm, then
dinp += (dnorm - dnorm_mean - norm * dnorm_norm_mean) * rstd. The [B, T, C] loops are
flattened to rows so any number of leading axes works."""

import math

import numpy as np


def layer_norm_backward(x, gamma, grad_out, eps=1e-5):
    C = x.shape[-1]
    inp = x.reshape(-1, C)
    dout = grad_out.reshape(-1, C)
    dinp = np.zeros_like(inp)
    dweight = np.zeros(C)
    dbias = np.zeros(C)
    for r in range(inp.shape[0]):
        mean = sum(inp[r]) / C
        var = sum((v - mean) ** 2 for v in inp[r]) / C
        rstd = 1.0 / math.sqrt(var + eps)
        dnorm_mean = 0.0
        dnorm_norm_mean = 0.0
        for i in range(C):
            norm_i = (inp[r, i] - mean) * rstd
            dnorm_i = gamma[i] * dout[r, i]
            dnorm_mean += dnorm_i
            dnorm_norm_mean += dnorm_i * norm_i
        dnorm_mean /= C
        dnorm_norm_mean /= C
        for i in range(C):
            norm_i = (inp[r, i] - mean) * rstd
            dnorm_i = gamma[i] * dout[r, i]
            dbias[i] += dout[r, i]
            dweight[i] += norm_i * dout[r, i]
            dinp[r, i] += (dnorm_i - dnorm_mean - norm_i * dnorm_norm_mean) * rstd
    return dinp.reshape(x.shape), dweight, dbias
