"""On torch float64 tensors: centre, the Gram matrix with l2 on its diagonal,
torch.linalg.cholesky and torch.cholesky_solve, then the intercept; numpy in and out."""

import numpy as np
import torch


def fit_linear_regression(X, y, l2=0.0):
    X = torch.from_numpy(X)
    y = torch.from_numpy(y)
    x_bar, y_bar = X.mean(dim=0), y.mean()
    Xc, yc = X - x_bar, y - y_bar
    gram = Xc.T @ Xc + l2 * torch.eye(X.shape[1], dtype=X.dtype)
    L = torch.linalg.cholesky(gram)
    w = torch.cholesky_solve((Xc.T @ yc).unsqueeze(1), L).squeeze(1)
    b = y_bar - x_bar @ w
    return w.numpy(), np.asarray(b.item())
