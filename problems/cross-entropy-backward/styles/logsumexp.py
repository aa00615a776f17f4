"""The log-sum-exp form: with lse_i = log sum_c exp(z_ic), -sum_c q_ic log p_ic =
lse_i - <q_i, z_i> because q_i sums to 1, and p_i = exp(z_i - lse_i). The maximum is
factored out of the lse, as scipy.special.logsumexp does."""

import numpy as np


def _logsumexp(z):
    m = z.max(axis=-1)
    return m + np.log(np.exp(z - m[:, None]).sum(axis=-1))


def softmax_ce_loss_grad(logits, targets, ignore_index=-100, label_smoothing=0.0):
    num_classes = logits.shape[-1]
    mask = (targets != ignore_index).astype(logits.dtype)  # [N] 1.0 / 0.0
    count = mask.sum()
    classes = np.arange(num_classes)
    target_dist = np.where(classes == targets[:, None], 1.0 - label_smoothing, 0.0)
    target_dist = target_dist + label_smoothing / num_classes  # [N, C]

    lse = _logsumexp(logits)  # [N]
    per_row = lse - (target_dist * logits).sum(axis=-1)
    loss = (per_row * mask).sum() / count
    grad = (np.exp(logits - lse[:, None]) - target_dist) * (mask / count)[:, None]
    return np.asarray(loss), grad
