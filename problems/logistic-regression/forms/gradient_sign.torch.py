# Wrong: torch loop that adds the gradient (add_) instead of subtracting it.
import torch


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    X, y = torch.from_numpy(X), torch.from_numpy(y)
    w = torch.zeros(X.shape[1], dtype=torch.float64)
    b = torch.zeros((), dtype=torch.float64)
    for _ in range(n_iter):
        r = torch.sigmoid(X @ w + b) - y
        gw = X.T @ r / len(y) + l2 * w
        gb = r.mean()
        w.add_(lr * gw)
        b.add_(lr * gb)
    return w.numpy(), b.numpy()
