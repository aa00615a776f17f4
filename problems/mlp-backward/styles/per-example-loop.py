"""One example at a time, the way the chain rule is first written on paper: each example's
gradients are outer products, accumulated and divided by N at the end."""

import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    n = x.shape[0]
    total = 0.0
    dw1, db1 = np.zeros_like(w1), np.zeros_like(b1)
    dw2, db2 = np.zeros_like(w2), np.zeros_like(b2)
    for i in range(n):
        z1 = x[i] @ w1 + b1  # [H]
        a1 = np.maximum(z1, 0.0)
        z2 = a1 @ w2 + b2  # [C]
        e = np.exp(z2 - z2.max())
        p = e / e.sum()
        total += -np.log(p[y[i]])
        delta2 = p.copy()
        delta2[y[i]] -= 1.0  # dl_i / dz2
        dw2 += np.outer(a1, delta2)
        db2 += delta2
        delta1 = (w2 @ delta2) * (z1 > 0)  # dl_i / dz1
        dw1 += np.outer(x[i], delta1)
        db1 += delta1
    return np.array(total / n), dw1 / n, db1 / n, dw2 / n, db2 / n
