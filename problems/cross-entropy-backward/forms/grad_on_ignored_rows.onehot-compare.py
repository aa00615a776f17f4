# Wrong: the loss is masked, the gradient p - q is not: ignored rows keep p - eps / C.
import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    n, c = logits.shape
    valid = targets != ignore_index
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    onehot = ((targets[:, None] == np.arange(c)) & valid[:, None]).astype(np.float64)
    q = (1 - label_smoothing) * onehot + label_smoothing / c
    loss = -(q * log_p).sum(axis=1)[valid].mean()
    grad = (np.exp(log_p) - q) / valid.sum()
    return np.asarray(loss), grad
