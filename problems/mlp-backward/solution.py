import numpy as np


def mlp_backward(x, y, w1, b1, w2, b2):
    """Loss and gradients of relu(x @ w1 + b1) @ w2 + b2 under mean softmax cross-entropy."""
    n = x.shape[0]
    # Forward, keeping what the backward pass needs.
    pre = x @ w1 + b1  # [N, H]
    h = np.maximum(pre, 0.0)  # [N, H]
    logits = h @ w2 + b2  # [N, C]
    shifted = logits - logits.max(axis=1, keepdims=True)  # stable: exp never overflows
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -log_probs[np.arange(n), y].mean()

    # Backward. Softmax + cross-entropy: dL/dlogits = (p - onehot(y)) / N.
    dlogits = np.exp(log_probs)
    dlogits[np.arange(n), y] -= 1.0
    dlogits /= n  # [N, C]
    dw2 = h.T @ dlogits  # [H, C]
    db2 = dlogits.sum(axis=0)  # [C]: a bias is added to every row, so sum over the batch
    dh = dlogits @ w2.T  # [N, H]
    dpre = dh * (pre > 0)  # ReLU's derivative is 1 where pre > 0, else 0
    dw1 = x.T @ dpre  # [D, H]
    db1 = dpre.sum(axis=0)  # [H]
    return loss, dw1, db1, dw2, db2
