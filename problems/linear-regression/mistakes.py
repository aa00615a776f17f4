"""Known mistakes in closed-form ridge regression with an intercept."""

import numpy as np


def _ridge(Xc, yc, alpha):
    d = Xc.shape[1]
    A = np.vstack([Xc, np.sqrt(alpha) * np.eye(d)])
    w, *_ = np.linalg.lstsq(A, np.concatenate([yc, np.zeros(d)]), rcond=None)
    return w


def bias_regularised(X, y, l2=0.0):
    # A column of ones appended to X and the whole coefficient vector penalised.
    n, d = X.shape
    Xa = np.hstack([X, np.ones((n, 1))])
    theta = _ridge(Xa, y, l2)
    return theta[:d], np.asarray(theta[d])


def no_intercept(X, y, l2=0.0):
    return _ridge(X, y, l2), np.asarray(0.0)


def penalty_scaled_by_n(X, y, l2=0.0):
    # The mean-squared-error convention: (Xc^T Xc / N + l2 I) w = Xc^T yc / N.
    xm, ym = X.mean(axis=0), y.mean()
    w = _ridge(X - xm, y - ym, l2 * X.shape[0])
    return w, np.asarray(ym - xm @ w)


def l2_ignored(X, y, l2=0.0):
    # Plain least squares whatever l2 is (the minimum-norm solution when N <= D).
    xm, ym = X.mean(axis=0), y.mean()
    w, *_ = np.linalg.lstsq(X - xm, y - ym, rcond=None)
    return w, np.asarray(ym - xm @ w)


def intercept_without_x_mean(X, y, l2=0.0):
    # Centred correctly, but b = mean(y) instead of mean(y) - mean(X) @ w.
    xm, ym = X.mean(axis=0), y.mean()
    w = _ridge(X - xm, y - ym, l2)
    return w, np.asarray(ym)


MISTAKES = {
    "bias_regularised": bias_regularised,
    "no_intercept": no_intercept,
    "penalty_scaled_by_n": penalty_scaled_by_n,
    "l2_ignored": l2_ignored,
    "intercept_without_x_mean": intercept_without_x_mean,
}

MESSAGES = {
    "bias_regularised": {
        "en": "Your penalty includes the intercept (a column of ones inside X, with l2 * I over "
        "the whole theta). Only w is penalised: shrinking b pulls every prediction towards 0 "
        "and makes the fit depend on where the origin of y is. Centre X and y, solve for w, "
        "then b = mean(y) - mean(X) @ w (or put 0 in the penalty's diagonal for the ones).",
        "zh": "你的正则项把截距也算进去了（X 里加一列 1，再对整个 theta 加 l2 * I）。只惩罚 w："
        "收缩 b 会把所有预测往 0 拉，结果还会依赖 y 的原点在哪。先把 X、y 中心化、解出 w，"
        "再令 b = mean(y) - mean(X) @ w（或者把全 1 那列在惩罚对角线上的位置设为 0）。",
    },
    "no_intercept": {
        "en": "You fitted no intercept (b = 0): the line is forced through the origin, so w "
        "absorbs the offset of y and of X's columns. Fit b as well: centre X and y, solve, and "
        "set b = mean(y) - mean(X) @ w.",
        "zh": "你没有拟合截距（b = 0），直线被强行过原点，y 和 X 各列的偏移全被 w 吸收了。"
        "截距也要拟合：先中心化 X 和 y，解出 w，再令 b = mean(y) - mean(X) @ w。",
    },
    "penalty_scaled_by_n": {
        "en": "Your l2 is scaled by N: you minimised the mean squared error plus l2 * ||w||^2, "
        "i.e. (Xc^T Xc / N + l2 I) w = Xc^T yc / N. This problem uses scikit-learn's Ridge "
        "convention, the sum of squared errors plus l2 * ||w||^2: solve "
        "(Xc^T Xc + l2 I) w = Xc^T yc.",
        "zh": "你的 l2 被放大了 N 倍：你最小化的是均方误差加 l2 * ||w||^2，"
        "也就是 (Xc^T Xc / N + l2 I) w = Xc^T yc / N。本题用 scikit-learn 的 Ridge 约定，"
        "平方误差之和加 l2 * ||w||^2：应解 (Xc^T Xc + l2 I) w = Xc^T yc。",
    },
    "l2_ignored": {
        "en": "You solved plain least squares and never added the ridge term: with l2 > 0 the "
        "normal equations are (Xc^T Xc + l2 I) w = Xc^T yc. Without it the system is singular "
        "when N <= D, and w is not shrunk at all.",
        "zh": "你解的是普通最小二乘，没有加岭项：l2 > 0 时正规方程是 (Xc^T Xc + l2 I) w = Xc^T yc。"
        "不加的话 N <= D 时矩阵奇异，w 也完全没有被收缩。",
    },
    "intercept_without_x_mean": {
        "en": "Your w is right but b = mean(y): that is the intercept only when the features have "
        "mean 0. After centring, the model is y - mean(y) = (x - mean(X)) @ w, so "
        "b = mean(y) - mean(X) @ w.",
        "zh": "w 是对的，但 b 取了 mean(y)：只有特征均值为 0 时截距才等于它。中心化之后模型是 "
        "y - mean(y) = (x - mean(X)) @ w，所以 b = mean(y) - mean(X) @ w。",
    },
}
