# Wrong: the "derivative" of ReLU is written as relu(pre) itself.
import numpy as np


def relu(z):
    return np.maximum(z, 0)


def mlp_backward(x, y, w1, b1, w2, b2):
    pre = x @ w1 + b1
    hid = relu(pre)
    out = hid @ w2 + b2
    out = out - out.max(-1, keepdims=True)
    log_p = out - np.log(np.exp(out).sum(-1, keepdims=True))
    n = x.shape[0]
    loss = -log_p[np.arange(n), y].mean()
    d_out = np.exp(log_p)
    d_out[np.arange(n), y] -= 1
    d_out /= n
    d_pre = d_out @ w2.T * relu(pre)
    return np.array(loss), x.T @ d_pre, d_pre.sum(0), hid.T @ d_out, d_out.sum(0)
