# Wrong: torch.linalg.solve of the ridge normal equations without centring or a bias term.
import numpy as np
import torch


def fit_linear_regression(X, y, l2=0.0):
    X, y = torch.from_numpy(X), torch.from_numpy(y)
    A = X.T @ X + l2 * torch.eye(X.shape[1], dtype=torch.float64)
    w = torch.linalg.solve(A, X.T @ y)
    return w.numpy(), np.asarray(0.0)
