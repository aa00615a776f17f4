# Wrong: q is smoothed for the loss, but the gradient subtracts the one-hot matrix.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    mask = (targets != ignore_index)[:, None]
    onehot = (targets[:, None] == np.arange(c)) * 1.0
    q = (1 - label_smoothing) * onehot + label_smoothing / c
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    loss = -(q * log_p * mask).sum() / mask.sum()
    grad = (np.exp(log_p) - onehot) * mask / mask.sum()
    return np.asarray(loss), grad
