"""One row at a time with the math module, as on a whiteboard: skip the ignored rows,
log-softmax with the maximum subtracted, then the loss term and the gradient row."""

import math

import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    rows = [i for i in range(n) if targets[i] != ignore_index]
    grad = np.zeros((n, c))
    total = 0.0
    for i in rows:
        row = [float(v) for v in logits[i]]
        m = max(row)
        lse = m + math.log(sum(math.exp(v - m) for v in row))
        for k in range(c):
            q = label_smoothing / c + (1.0 - label_smoothing if k == targets[i] else 0.0)
            log_p = row[k] - lse
            total -= q * log_p
            grad[i, k] = (math.exp(log_p) - q) / len(rows)
    return np.asarray(total / len(rows)), grad
