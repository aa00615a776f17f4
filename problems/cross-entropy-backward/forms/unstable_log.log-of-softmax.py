# Wrong: np.log of exp(z) / sum(exp(z)) with no maximum subtracted.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    valid = targets != ignore_index
    probs = np.exp(logits) / np.exp(logits).sum(axis=1, keepdims=True)
    q = np.zeros((n, c))
    q[valid] = label_smoothing / c
    q[valid, targets[valid]] += 1 - label_smoothing
    loss = -(q * np.log(probs)).sum() / valid.sum()
    grad = (probs - q) / valid.sum()
    grad[~valid] = 0.0
    return np.asarray(loss), grad
