import numpy as np


def fit_linear_regression(X, y, l2=0.0):
    """Ridge regression in closed form, the intercept not penalised.

    X: float64 [N, D]; y: float64 [N]; l2 >= 0.
    Minimise ||y - X @ w - b||^2 + l2 * ||w||^2 (a sum over samples, as sklearn's Ridge).
    Returns: (w [D] float64, b as a 0-d float64 array).
    """
    w = np.zeros(X.shape[1])
    b = 0.0
    # TODO: centre X and y
    # TODO: solve (Xc^T Xc + l2 I) w = Xc^T yc
    # TODO: recover the intercept from the means
    return w, np.asarray(b)
