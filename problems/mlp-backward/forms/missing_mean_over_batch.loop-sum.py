# Wrong: per-example gradients are summed over the batch and never divided by N.
import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    n = x.shape[0]
    total = 0.0
    dw1, db1, dw2, db2 = (np.zeros_like(p) for p in (w1, b1, w2, b2))
    for i in range(n):
        z1 = x[i] @ w1 + b1
        a1 = np.maximum(z1, 0.0)
        z2 = a1 @ w2 + b2
        e = np.exp(z2 - z2.max())
        p = e / e.sum()
        total += -np.log(p[y[i]])
        g2 = p.copy()
        g2[y[i]] -= 1.0
        dw2 += np.outer(a1, g2)
        db2 += g2
        g1 = (w2 @ g2) * (z1 > 0)
        dw1 += np.outer(x[i], g1)
        db1 += g1
    return np.array(total / n), dw1, db1, dw2, db2
