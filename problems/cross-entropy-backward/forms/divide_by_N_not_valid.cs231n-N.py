# Wrong: cs231n's softmax_loss with the ignored rows masked, but N is still x.shape[0].
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    x, y, eps = logits, targets, label_smoothing
    N, C = x.shape
    keep = y != ignore_index
    shifted_logits = x - np.max(x, axis=1, keepdims=True)
    Z = np.sum(np.exp(shifted_logits), axis=1, keepdims=True)
    log_probs = shifted_logits - np.log(Z)
    probs = np.exp(log_probs)
    rows = np.arange(N)[keep]
    loss = -(1 - eps) * np.sum(log_probs[rows, y[keep]]) / N
    loss -= eps / C * np.sum(log_probs[keep]) / N
    dx = probs - eps / C
    dx[rows, y[keep]] -= 1 - eps
    dx[~keep] = 0
    dx /= N
    return np.asarray(loss), dx
