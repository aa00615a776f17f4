"""NumPy references: softmax, attention, multi-head attention, PE, layer norm, FFN.

Knobs (reference_impl.knobs) mark where each classic mistake would be made; diagnosis
turns them, grading never does.
"""

from __future__ import annotations

import math

import numpy as np

from reference_impl.knobs import knob


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    """Softmax along `axis`, shifted by the maximum so that exp never overflows."""
    seen = knob("softmax_seen")
    if seen is not None:
        seen(x)
    axis = knob("softmax_axis", axis)
    if axis in ("all", "matrix"):  # the whole array, or each [Lq, Lk] matrix, at once
        axes = None if axis == "all" else (-2, -1)
        e = np.exp(x - np.max(x, axis=axes, keepdims=True))
        return e / np.sum(e, axis=axes, keepdims=True)
    total = knob("softmax_sum_axis", axis)
    total = None if total == "all" else total
    shifted = x - np.max(x, axis=axis, keepdims=True)
    e = np.exp(shifted)
    return e / np.sum(e, axis=total, keepdims=True)


def scaled_dot_product_attention(
    q: np.ndarray, k: np.ndarray, v: np.ndarray, mask: np.ndarray | None = None
) -> tuple[np.ndarray, np.ndarray]:
    """softmax(q k^T / sqrt(d_k) + mask * -1e9) v; mask 1 = blocked."""
    d_k = q.shape[-1]
    scale = knob("scale")
    if scale is None:
        scores = q @ np.swapaxes(k, -1, -2) / np.sqrt(d_k)  # [B, Lq, Lk]
    else:
        dims = {"d_k": d_k, "L_k": k.shape[-2], "d_v": v.shape[-1]}
        factor = scale(dims) if callable(scale) else scale
        scores = (q @ np.swapaxes(k, -1, -2)) * factor
    blocked = None if mask is None else _blocked(np.asarray(mask) != 0)
    if blocked is not None:
        scores = _apply_mask(scores, np.broadcast_to(blocked, scores.shape))
    weights = softmax(scores, axis=-1)  # [B, Lq, Lk]
    apply = knob("mask_apply")
    if blocked is not None and apply in ("multiply", "renormalize"):
        weights = weights * ~blocked
        if apply == "renormalize":  # a fully blocked row becomes zeros
            weights = weights / np.maximum(weights.sum(axis=-1, keepdims=True), 1e-30)
    return weights @ v, weights  # [B, Lq, dv], [B, Lq, Lk]


def _apply_mask(scores: np.ndarray, blocked: np.ndarray) -> np.ndarray:
    """The reference adds mask * -1e9; the knob picks another way a person writes it."""
    apply = knob("mask_apply", "fill")
    if apply == "fill":
        return scores + blocked * -1e9
    if apply == "replace":  # np.where(mask, -1e9, scores): a fully blocked row is uniform
        return np.where(blocked, -1e9, scores)
    if apply == "neg_inf":  # a fully blocked row is NaN
        return np.where(blocked, -np.inf, scores)
    return scores  # "multiply" or "renormalize": applied to the weights instead


def _blocked(blocked: np.ndarray) -> np.ndarray:
    """Which keys are blocked, after the mask knob (inverted, or ignored altogether)."""
    mode = knob("mask")
    if mode == "inverted":
        return ~blocked
    if mode == "ignored":
        return np.zeros_like(blocked)
    return blocked


def multi_head_attention(
    x: np.ndarray,
    wq: list[np.ndarray],
    wk: list[np.ndarray],
    wv: list[np.ndarray],
    wo: np.ndarray,
    num_heads: int = 8,
) -> np.ndarray:
    """Self-attention per head with x @ w[i], heads concatenated then projected by wo."""
    # Knobs that need the heads stacked in one array, [B, h, L, d_k], as many people write it.
    if knob("heads_split") or knob("heads_merge") or knob("heads") or knob("softmax_axis"):
        out = _heads_by_reshape(x, wq, wk, wv, num_heads)
    else:
        heads = []
        for i in range(num_heads):
            out, _ = scaled_dot_product_attention(x @ wq[i], x @ wk[i], x @ wv[i])  # [B, L, d_k]
            heads.append(out)
        out = np.concatenate(heads, axis=-1)  # [B, L, d_model]
    return out if knob("output_projection") is False else out @ wo


def _heads_by_reshape(x: np.ndarray, wq: list, wk: list, wv: list, h: int) -> np.ndarray:
    """The same computation with stacked projections, split and merged as the knobs say."""
    b, length, d_model = x.shape
    h = knob("heads", h)
    d_k = d_model // h

    def split(w: list[np.ndarray]) -> np.ndarray:
        projected = x @ np.concatenate(w, axis=-1)  # [B, L, d_model]
        how = knob("heads_split")
        if how == "head_first":
            return projected.reshape(b, h, length, d_k)
        if how == "no_transpose":  # attention then runs across heads, per position
            return projected.reshape(b, length, h, d_k)
        if how == "interleaved":  # column j goes to head j % h
            return projected.reshape(b, length, d_k, h).transpose(0, 3, 1, 2)
        return projected.reshape(b, length, h, d_k).transpose(0, 2, 1, 3)  # [B, h, L, d_k]

    out, _ = scaled_dot_product_attention(split(wq), split(wk), split(wv))  # [B, h, L, d_k]
    if knob("heads_split") == "no_transpose":
        return out.reshape(b, length, d_model)
    merge = knob("heads_merge")
    if merge == "head_first":
        return out.reshape(b, length, d_model)
    if merge == "interleaved":
        return out.transpose(0, 2, 3, 1).reshape(b, length, d_model)
    return out.transpose(0, 2, 1, 3).reshape(b, length, d_model)


def positional_encoding(max_seq_len: int, d_model: int) -> np.ndarray:
    """Sinusoidal table: sin on even columns, cos on odd columns."""
    pos = np.arange(max_seq_len, dtype=np.float64)[:, None]  # [L, 1]
    if knob("pe_exponent") or knob("pe_base"):
        return sinusoids(pos, d_model)
    two_i = np.arange(0, d_model, 2, dtype=np.float64)  # [d_model / 2]
    angle = pos / np.power(10000.0, two_i / d_model)  # [L, d_model / 2]
    return _layout(np.sin(angle), np.cos(angle), d_model)


def sinusoids(pos: np.ndarray, d_model: int) -> np.ndarray:
    """The table with the knobs' exponent and base (float64), for diagnosis."""
    base = knob("pe_base", 10000.0)
    exponent = knob("pe_exponent")
    index = np.arange(0, d_model, 2, dtype=np.float64)  # 2i
    if exponent == "pair":
        index = index / 2  # i instead of 2i
    if exponent == "two_column":  # 2j for column j: even columns 4i, odd columns 4i + 2
        even = pos / np.power(base, 2 * index / d_model)
        odd = pos / np.power(base, 2 * (index + 1)[: d_model // 2] / d_model)
        return _layout(np.sin(even), np.cos(odd), d_model)
    sign = -1.0 if exponent == "negative" else 1.0
    if exponent == "column":  # column j: even columns 2i, odd columns 2i + 1
        even = pos / np.power(base, sign * index / d_model)
        odd = pos / np.power(base, sign * (index + 1)[: d_model // 2] / d_model)
        return _layout(np.sin(even), np.cos(odd), d_model)
    angle = pos / np.power(base, sign * index / d_model)
    return _layout(np.sin(angle), np.cos(angle), d_model)


def _layout(sin: np.ndarray, cos: np.ndarray, d_model: int) -> np.ndarray:
    """Interleave sin (even columns) and cos (odd columns), or as the knobs say."""
    if knob("pe_swap"):
        sin, cos = cos, sin
    if knob("pe_layout") == "concat":
        return np.concatenate([sin, cos], axis=-1)[..., :d_model]
    pe = np.zeros((*sin.shape[:-1], d_model))
    pe[..., 0::2] = sin
    pe[..., 1::2] = cos[..., : d_model // 2]
    return pe


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    """Normalise over the last axis with biased variance and eps inside the sqrt."""
    axis = knob("norm_axis", -1)
    axis = None if axis == "all" else axis
    mean = x.mean(axis=axis, keepdims=True)
    var = ((x - mean) ** 2).mean(axis=axis, keepdims=True)
    if knob("variance") == "unbiased":
        n = x.size if axis is None else x.shape[axis]
        var = var * n / (n - 1)
    if knob("eps") == "outside":
        return gamma * (x - mean) / (np.sqrt(var) + eps) + beta
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


def feed_forward(
    x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray
) -> np.ndarray:
    """Position-wise FFN: max(0, x w1 + b1) w2 + b2."""
    hidden = x @ w1 + b1
    return activation(hidden) @ w2 + b2


def activation(hidden: np.ndarray) -> np.ndarray:
    """ReLU, or what the `activation` knob names (none, gelu, gelu_tanh)."""
    kind = knob("activation", "relu")
    if kind == "none":
        return hidden
    if kind == "gelu":
        return hidden * 0.5 * (1 + np.vectorize(math.erf)(hidden / math.sqrt(2)))
    if kind == "gelu_sigmoid":  # x * sigmoid(1.702 x)
        return hidden / (1.0 + np.exp(-1.702 * hidden))
    if kind == "gelu_tanh":
        return 0.5 * hidden * (1 + np.tanh(np.sqrt(2 / np.pi) * (hidden + 0.044715 * hidden**3)))
    return np.maximum(0.0, hidden)
