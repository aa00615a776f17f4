# Wrong: one-hot rows zeroed for ignored targets, but the gradient is never masked.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    C = logits.shape[1]
    keep = targets != ignore_index
    safe = np.where(keep, targets, 0)
    y = np.eye(C)[safe] * keep[:, None]
    y_smooth = y * (1 - label_smoothing) + label_smoothing / C
    m = logits.max(axis=1, keepdims=True)
    lse = m + np.log(np.exp(logits - m).sum(axis=1, keepdims=True))
    probs = np.exp(logits - lse)
    n_valid = keep.sum()
    loss = (y_smooth * (lse - logits)).sum(axis=1) @ keep / n_valid
    return np.asarray(loss), (probs - y_smooth) / n_valid
