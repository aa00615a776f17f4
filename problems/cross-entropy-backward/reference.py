"""Trusted reference for cross-entropy-backward: the mean softmax cross-entropy with
ignore_index and label smoothing (PyTorch's definition), and its gradient, in float64.

Checked against torch.nn.functional.cross_entropy(..., ignore_index, label_smoothing) and
its autograd gradient outside grading (float64, every case of cases.py)."""

import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    """(loss (), grad [N, C]) for logits [N, C] and targets [N]."""
    logits = np.asarray(logits, dtype=np.float64)
    targets = np.asarray(targets)
    n, c = logits.shape
    valid = targets != ignore_index  # [N]
    n_valid = int(valid.sum())
    shifted = logits - logits.max(axis=1, keepdims=True)  # [N, C], max 0 per row
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))  # [N, C]
    q = np.full((n, c), label_smoothing / c)  # [N, C]: the smoothed target
    rows = np.flatnonzero(valid)
    q[rows, targets[rows]] += 1.0 - label_smoothing
    per_row = -(q * log_probs).sum(axis=1)  # [N]
    loss = per_row[valid].sum() / n_valid
    grad = (np.exp(log_probs) - q) / n_valid  # [N, C]
    grad[~valid] = 0.0
    return np.asarray(loss), grad
