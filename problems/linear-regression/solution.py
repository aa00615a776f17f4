import numpy as np


def fit_linear_regression(
    X: np.ndarray, y: np.ndarray, l2: float = 0.0
) -> tuple[np.ndarray, np.ndarray]:
    """Ridge regression with an unpenalised intercept (scikit-learn's Ridge convention):
    minimise ||y - X w - b||^2 + l2 * ||w||^2."""
    # Centring removes b from the problem: the optimal b makes the residuals sum to 0,
    # so b = mean(y) - mean(X) @ w, and w solves the same problem on centred data.
    x_mean = X.mean(axis=0)  # [D]
    y_mean = y.mean()
    Xc = X - x_mean  # [N, D]
    yc = y - y_mean  # [N]
    # Normal equations (Xc^T Xc + l2 I) w = Xc^T yc. With l2 > 0 the matrix is positive
    # definite (even when N < D), so solve it; never invert it.
    A = Xc.T @ Xc + l2 * np.eye(X.shape[1])  # [D, D]
    w = np.linalg.solve(A, Xc.T @ yc)  # [D]
    b = y_mean - x_mean @ w  # the intercept, never shrunk
    return w, np.asarray(b)
