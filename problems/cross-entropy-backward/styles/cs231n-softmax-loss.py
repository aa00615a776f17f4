"""Stanford CS231n's `softmax_loss(x, y)` (assignment 2, `cs231n/layers.py`; the version
with shifted_logits, Z, log_probs and probs; read 2026-12): returns (loss, dx) with
dx = probs, dx[np.arange(N), y] -= 1, dx /= N.

Changed: the rows whose target is ignore_index are dropped before the loss (and get zero
gradient), N becomes the number of kept rows, and the smoothed target is subtracted in two
steps (eps / C from every entry, 1 - eps at the label) instead of 1 at the label."""

import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    keep = targets != ignore_index
    x, y = logits[keep], targets[keep]
    eps, C = label_smoothing, logits.shape[1]

    shifted_logits = x - np.max(x, axis=1, keepdims=True)
    Z = np.sum(np.exp(shifted_logits), axis=1, keepdims=True)
    log_probs = shifted_logits - np.log(Z)
    probs = np.exp(log_probs)
    N = x.shape[0]
    loss = -(1 - eps) * np.sum(log_probs[np.arange(N), y]) / N
    loss -= eps / C * np.sum(log_probs) / N
    dx = probs.copy()
    dx -= eps / C
    dx[np.arange(N), y] -= 1 - eps
    dx /= N

    grad = np.zeros_like(logits)
    grad[keep] = dx
    return np.asarray(loss), grad
