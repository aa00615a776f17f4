# Wrong: torch version with ez = torch.exp(z); p = ez / (1 + ez), NaN once z is large.
import torch


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    X, y = torch.from_numpy(X), torch.from_numpy(y)
    w = torch.zeros(X.shape[1], dtype=torch.float64)
    b = torch.tensor(0.0, dtype=torch.float64)
    for _ in range(n_iter):
        ez = torch.exp(X @ w + b)
        p = ez / (1 + ez)
        r = p - y
        w = w - lr * (X.T @ r / X.shape[0] + l2 * w)
        b = b - lr * r.mean()
    return w.numpy(), b.numpy()
