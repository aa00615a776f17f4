# Wrong: llm.c's layernorm loops kept whole, dnorm_mean included, on an RMS-normalised row.
import math

import numpy as np


def rms_norm_backward(x, weight, grad_out, eps=1e-6):
    C = x.shape[-1]
    inp, dout = x.reshape(-1, C), grad_out.reshape(-1, C)
    dinp, dweight = np.zeros_like(inp), np.zeros(C)
    for r in range(inp.shape[0]):
        rstd = 1.0 / math.sqrt(sum(v * v for v in inp[r]) / C + eps)
        dnorm_mean = 0.0
        dnorm_norm_mean = 0.0
        for i in range(C):
            dnorm_mean += weight[i] * dout[r, i]
            dnorm_norm_mean += weight[i] * dout[r, i] * inp[r, i] * rstd
        dnorm_mean /= C
        dnorm_norm_mean /= C
        for i in range(C):
            norm_i = inp[r, i] * rstd
            dweight[i] += norm_i * dout[r, i]
            dval = weight[i] * dout[r, i] - dnorm_mean - norm_i * dnorm_norm_mean
            dinp[r, i] = dval * rstd
    return dinp.reshape(x.shape), dweight
