# Wrong: the loss skips ignored rows, but every row's gradient is written.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    n_valid = int(np.sum(targets != ignore_index))
    loss = 0.0
    grad = np.empty_like(logits)
    for i in range(n):
        z = logits[i] - logits[i].max()
        p = np.exp(z) / np.exp(z).sum()
        q = np.full(c, label_smoothing / c)
        if targets[i] != ignore_index:
            q[targets[i]] += 1 - label_smoothing
            loss -= (q * np.log(p)).sum() / n_valid
        grad[i] = (p - q) / n_valid
    return np.asarray(loss), grad
