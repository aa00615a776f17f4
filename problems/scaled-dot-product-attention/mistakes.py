"""Known mistakes in scaled dot-product attention, each a complete wrong implementation."""

import numpy as np


def _softmax(x, axis=-1):
    e = np.exp(x - x.max(axis=axis, keepdims=True))
    return e / e.sum(axis=axis, keepdims=True)


def missing_scale(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2)
    if mask is not None:
        scores = scores + mask * -1e9
    weights = _softmax(scores)
    return weights @ v, weights


def wrong_scale(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / q.shape[-1]
    if mask is not None:
        scores = scores + mask * -1e9
    weights = _softmax(scores)
    return weights @ v, weights


def softmax_wrong_axis(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    weights = _softmax(scores, axis=-2)
    return weights @ v, weights


def softmax_unstable(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(scores)
        weights = e / e.sum(axis=-1, keepdims=True)
    return weights @ v, weights


def mask_inverted(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + (1 - mask) * -1e9
    weights = _softmax(scores)
    return weights @ v, weights


def mask_not_applied(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    weights = _softmax(scores)
    return weights @ v, weights


def returns_weights_transposed(q, k, v, mask=None):
    scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(q.shape[-1])
    if mask is not None:
        scores = scores + mask * -1e9
    weights = _softmax(scores)
    return weights @ v, np.swapaxes(weights, -1, -2)


MISTAKES = {
    "missing_scale": missing_scale,
    "wrong_scale": wrong_scale,
    "softmax_wrong_axis": softmax_wrong_axis,
    "softmax_unstable": softmax_unstable,
    "mask_inverted": mask_inverted,
    "mask_not_applied": mask_not_applied,
    "returns_weights_transposed": returns_weights_transposed,
}
