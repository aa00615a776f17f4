# Wrong: skips the ignored rows in the loop but divides by len(targets).
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    total = 0.0
    grad = np.zeros_like(logits)
    for i in range(n):
        if targets[i] == ignore_index:
            continue
        z = logits[i] - logits[i].max()
        log_p = z - np.log(np.exp(z).sum())
        q = np.full(c, label_smoothing / c)
        q[targets[i]] += 1 - label_smoothing
        total += -(q * log_p).sum()
        grad[i] = np.exp(log_p) - q
    return np.asarray(total / len(targets)), grad / len(targets)
