# Wrong: zeroes the ignored rows, then takes .mean() over all N rows.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    mask = targets != ignore_index
    z = logits - logits.max(axis=1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    onehot = (targets[:, None] == np.arange(c)).astype(float)
    q = (1 - label_smoothing) * onehot + label_smoothing / c
    per_row = -(q * logp).sum(axis=1) * mask
    loss = per_row.mean()
    grad = (np.exp(logp) - q) * mask[:, None] / n
    return np.asarray(loss), grad
