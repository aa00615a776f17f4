"""CS229 lecture notes' notation (Ng, "Supervised learning", logistic regression):
h_theta(x) = g(theta^T x) with an intercept term x_0 = 1 prepended to every example, and
the batch update written as gradient ascent on the log-likelihood,
theta := theta + alpha * sum_i (y_i - h_i) x_i. Changed: the sum is divided by m to match
the mean loss, and the penalty's gradient is subtracted for theta_1..theta_n only (theta_0,
the intercept, is masked out of it). The sigmoid is g(z) = 0.5 * (1 + tanh(z / 2)), which
cannot overflow."""

import numpy as np


def g(z):
    return 0.5 * (1.0 + np.tanh(0.5 * z))


def train_logreg(X, y, lr=0.1, n_iter=100, l2=0.0):
    m = X.shape[0]
    Xb = np.hstack([np.ones((m, 1)), X])  # x_0 = 1
    theta = np.zeros(Xb.shape[1])
    penalised = np.ones_like(theta)
    penalised[0] = 0.0  # theta_0 is the intercept: not regularised
    for _ in range(n_iter):
        h = g(Xb @ theta)
        theta = theta + lr * (Xb.T @ (y - h) / m - l2 * penalised * theta)
    return theta[1:], np.asarray(theta[0])
