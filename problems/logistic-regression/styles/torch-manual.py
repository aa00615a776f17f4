"""On torch float64 tensors with no autograd (nothing requires grad): torch.sigmoid, which
is stable for any z, the gradients by hand, and in-place updates under the same names a
PyTorch training loop would use."""

import torch


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    X, y = torch.from_numpy(X), torch.from_numpy(y)
    n, d = X.shape
    weight = torch.zeros(d, dtype=torch.float64)
    bias = torch.zeros((), dtype=torch.float64)
    for _ in range(n_iter):
        probs = torch.sigmoid(X @ weight + bias)
        residual = probs - y
        grad_w = X.T @ residual / n + l2 * weight
        grad_b = residual.mean()
        weight.sub_(lr * grad_w)
        bias.sub_(lr * grad_b)
    return weight.numpy(), bias.numpy()
