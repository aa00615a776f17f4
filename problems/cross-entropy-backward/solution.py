import numpy as np


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    """Mean cross-entropy over the rows whose target is not ignore_index, and dL/dlogits."""
    n, c = logits.shape
    valid = targets != ignore_index  # [N] bool
    n_valid = valid.sum()

    # log-softmax with the row maximum subtracted: exp never overflows
    shifted = logits - logits.max(axis=1, keepdims=True)  # [N, C]
    log_p = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))  # [N, C]

    # smoothed target q = (1 - eps) * onehot + eps / C on valid rows, 0 on ignored rows
    q = np.zeros((n, c))
    q[valid] = label_smoothing / c
    q[valid, targets[valid]] += 1.0 - label_smoothing

    loss = -(q * log_p).sum() / n_valid  # ignored rows add nothing
    grad = (np.exp(log_p) - q) / n_valid  # p - q on valid rows
    grad[~valid] = 0.0  # ignored rows get no gradient
    return np.asarray(loss), grad
