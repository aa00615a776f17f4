"""Known mistakes in a hand-written softmax cross-entropy loss and gradient."""

import numpy as np


def _parts(logits, targets, ignore_index, label_smoothing):
    """valid [N], n_valid, stable log-softmax [N, C], smoothed target q [N, C] (0 on ignored
    rows) and the plain one-hot target [N, C] (0 on ignored rows)."""
    n, c = logits.shape
    valid = targets != ignore_index
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_p = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    onehot = (targets[:, None] == np.arange(c)) & valid[:, None]
    q = (1.0 - label_smoothing) * onehot + (label_smoothing / c) * valid[:, None]
    return valid, int(valid.sum()), log_p, q, onehot.astype(np.float64)


def divide_by_N_not_valid(logits, targets, ignore_index=-100, label_smoothing=0.0):  # noqa: N802
    # Ignored rows are zeroed, but the mean divides by all N rows.
    valid, _, log_p, q, _ = _parts(logits, targets, ignore_index, label_smoothing)
    n = logits.shape[0]
    loss = -(q * log_p).sum() / n
    grad = (np.exp(log_p) - q) * valid[:, None] / n
    return np.asarray(loss), grad


def grad_on_ignored_rows(logits, targets, ignore_index=-100, label_smoothing=0.0):
    # The loss skips ignored rows, but the gradient (p - q) / n_valid is taken on every row;
    # on an ignored row q has no one-hot part, only the smoothing floor eps / C.
    valid, n_valid, log_p, q, _ = _parts(logits, targets, ignore_index, label_smoothing)
    c = logits.shape[1]
    loss = -(q * log_p).sum() / n_valid
    q_all = np.where(valid[:, None], q, label_smoothing / c)
    return np.asarray(loss), (np.exp(log_p) - q_all) / n_valid


def unstable_log(logits, targets, ignore_index=-100, label_smoothing=0.0):
    # log(softmax) with softmax = exp(z) / sum(exp(z)), no max subtracted: inf / inf = nan
    # (or 0 / 0) when the logits are large.
    valid, n_valid, _, q, _ = _parts(logits, targets, ignore_index, label_smoothing)
    with np.errstate(all="ignore"):
        e = np.exp(logits)
        p = e / e.sum(axis=1, keepdims=True)
        loss = -(q * np.log(p)).sum() / n_valid
        grad = (p - q) / n_valid
    grad[~valid] = 0.0
    return np.asarray(loss), grad


def smoothing_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    # The loss uses the smoothed target, the gradient still p - onehot.
    valid, n_valid, log_p, q, onehot = _parts(logits, targets, ignore_index, label_smoothing)
    loss = -(q * log_p).sum() / n_valid
    grad = (np.exp(log_p) - onehot) * valid[:, None] / n_valid
    return np.asarray(loss), grad


MISTAKES = {
    "divide_by_N_not_valid": divide_by_N_not_valid,
    "grad_on_ignored_rows": grad_on_ignored_rows,
    "unstable_log": unstable_log,
    "smoothing_grad": smoothing_grad,
}

MESSAGES = {
    "divide_by_N_not_valid": {
        "en": "You zeroed the ignored rows but divide by N, the number of all rows, so the "
        "loss and the gradient are too small by n_valid / N. The mean runs over the rows whose "
        "target is not ignore_index: divide both by n_valid.",
        "zh": "被忽略的行清零了，但分母用的是总行数 N，loss 和梯度都小了 n_valid / N 倍。"
        "平均只对 target 不等于 ignore_index 的行取：两者都要除以 n_valid。",
    },
    "grad_on_ignored_rows": {
        "en": "Your loss skips the ignored rows but your gradient does not: those rows get "
        "(softmax - target) / n_valid although they never entered the loss. Set the gradient "
        "of every row whose target is ignore_index to 0.",
        "zh": "loss 跳过了被忽略的行，梯度却没有：这些行根本没进 loss，却拿到了 "
        "(softmax - target) / n_valid 的梯度。target 等于 ignore_index 的行，梯度要置 0。",
    },
    "unstable_log": {
        "en": "You take the log of a softmax computed as exp(z) / sum(exp(z)) without "
        "subtracting the row maximum: for logits near ±1000 exp overflows (inf / inf) or "
        "underflows (0 / 0) and everything becomes NaN. Compute log p = z - max - "
        "log(sum(exp(z - max))) and p = exp(log p).",
        "zh": "你对 exp(z) / sum(exp(z)) 取了 log，却没有先减每行的最大值：logits 在 ±1000 "
        "附近时 exp 上溢（inf / inf）或下溢（0 / 0），结果全是 NaN。应写成 "
        "log p = z - max - log(sum(exp(z - max)))，再用 p = exp(log p)。",
    },
    "smoothing_grad": {
        "en": "Your loss uses the smoothed target but your gradient is still softmax - onehot. "
        "The gradient is p - q with the same q = (1 - eps) * onehot + eps / C the loss uses.",
        "zh": "你的 loss 用了平滑后的目标，梯度却还是 softmax - onehot。"
        "梯度应为 p - q，q 就是 loss 里用的 (1 - eps) * onehot + eps / C。",
    },
}
