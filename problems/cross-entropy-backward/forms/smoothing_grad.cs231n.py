# Wrong: the smoothed target in the loss, but dx[range, y] -= 1 in the gradient.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    keep = targets != ignore_index
    x, y = logits[keep], targets[keep]
    N, C = x.shape
    shifted = x - x.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    eps = label_smoothing
    loss = -((1 - eps) * log_probs[np.arange(N), y].sum() + eps / C * log_probs.sum()) / N
    dx = np.exp(log_probs)
    dx[np.arange(N), y] -= 1
    dx /= N
    grad = np.zeros_like(logits)
    grad[keep] = dx
    return np.asarray(loss), grad
