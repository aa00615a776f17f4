"""Trusted reference: a stack of post-LN encoder layers, then an optional final LayerNorm.

Self-contained (the sandbox cannot import reference_impl): attention, multi-head attention
and the layer are copies of reference_impl.torch_ops and read the same knobs, so the
families in problem.toml rerun the stack with a mistake made in every layer. With no knob
turned, it computes exactly the contract.

Every LayerNorm's weight and bias are drawn at random when the module is built (the grader
loads them into the submission). With gamma = 1 and beta = 0 the final norm would be a
no-op after a post-LN layer, and forgetting it could not be seen.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl.knobs import knob


def attention(q, k, v, mask=None):
    """softmax(q k^T / sqrt(d_k)) v, blocked where mask == 0 (masked_fill -1e9)."""
    d_k = q.size(-1)
    scale = knob("scale")
    if scale is None:
        scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # [B, h, Lq, Lk]
    else:
        dims = {"d_k": d_k, "L_k": k.size(-2), "d_v": v.size(-1)}
        factor = scale(dims) if callable(scale) else scale
        scores = (q @ k.transpose(-2, -1)) * factor
    blocked = None
    if mask is not None:
        blocked = mask == 0
        mode = knob("mask")
        if mode == "inverted":
            blocked = ~blocked
        elif mode == "ignored":
            blocked = torch.zeros_like(blocked)
        blocked = blocked.expand(scores.shape)
        apply = knob("mask_apply", "fill")
        if apply in ("fill", "replace"):
            scores = scores.masked_fill(blocked, -1e9)
        elif apply == "neg_inf":  # a fully blocked row is NaN
            scores = scores.masked_fill(blocked, float("-inf"))
    weights = _softmax(scores)  # [B, h, Lq, Lk]
    apply = knob("mask_apply")
    if blocked is not None and apply in ("multiply", "renormalize"):
        weights = weights * ~blocked
        if apply == "renormalize":
            weights = weights / weights.sum(-1, keepdim=True).clamp_min(1e-30)
    return weights @ v  # [B, h, Lq, d_k]


def _softmax(scores):
    seen = knob("softmax_seen")
    if seen is not None:
        seen(scores.detach().numpy())
    axis = knob("softmax_axis", -1)
    if axis == "implicit":  # F.softmax without dim: torch's legacy choice
        axis = 0 if scores.dim() in (0, 1, 3) else 1
    if axis in ("all", "matrix"):
        flat = scores.reshape(-1) if axis == "all" else scores.flatten(-2)
        return torch.softmax(flat, dim=-1).reshape(scores.shape)
    return torch.softmax(scores, dim=axis)


class MultiHeadAttention(nn.Module):
    """wq, wk, wv, wo: d_model -> d_model; heads split as [B, L, h, d_k] -> [B, h, L, d_k]."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x):
        b, length, d_model = x.shape
        h = knob("heads", self.num_heads)
        how = knob("heads_split")
        if how == "head_first":
            return x.reshape(b, h, length, d_model // h)  # positions mixed into heads
        if how == "no_transpose":  # attention then runs across heads, per position
            return x.view(b, length, h, d_model // h)
        if how == "interleaved":  # column j goes to head j % h
            return x.view(b, length, d_model // h, h).permute(0, 3, 1, 2)
        return x.view(b, length, h, d_model // h).transpose(1, 2)  # [B, h, L, d_k]

    def forward(self, q, k, v, mask=None):
        b, lq, d_model = q.shape
        out = attention(
            self._split(self.wq(q)), self._split(self.wk(k)), self._split(self.wv(v)), mask
        )  # [B, h, Lq, d_k]
        merge = knob("heads_merge")
        if knob("heads_split") == "no_transpose" or merge == "head_first":
            out = out.reshape(b, lq, d_model)
        elif merge == "interleaved":
            out = out.permute(0, 2, 3, 1).reshape(b, lq, d_model)
        else:
            out = out.transpose(1, 2).contiguous().view(b, lq, d_model)  # [B, Lq, d_model]
        return out if knob("output_projection") is False else self.wo(out)


class TransformerEncoderLayer(nn.Module):
    """The encoder-layer problem's contract: post-LN attention and FFN sublayers."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask=None):
        if knob("residual") or knob("norm_order") or knob("activation"):
            return self._variant(x, mask)
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))  # [B, L, d_model]
        return self.norm2(x + self.dropout(self.ffn(x)))

    def _ffn(self, x):
        kind = knob("activation")
        if kind is None:
            return self.ffn(x)
        hidden = self.ffn[0](x)  # [B, L, d_ff]
        if kind == "gelu":
            hidden = nn.functional.gelu(hidden)
        elif kind == "gelu_tanh":
            hidden = nn.functional.gelu(hidden, approximate="tanh")
        elif kind == "gelu_sigmoid":
            hidden = hidden * torch.sigmoid(1.702 * hidden)
        return self.ffn[3](hidden)  # "none": no activation at all

    def _variant(self, x, mask):
        """Residual paths dropped ("attn", "ffn" or "none"), or norms moved first ("pre")."""
        residual = knob("residual")
        keep_attn = residual not in ("attn", "none")
        keep_ffn = residual not in ("ffn", "none")
        if knob("norm_order") == "pre":
            h = self.norm1(x)
            x = x * keep_attn + self.self_attn(h, h, h, mask)
            return x * keep_ffn + self._ffn(self.norm2(x))
        x = self.norm1(x * keep_attn + self.self_attn(x, x, x, mask))
        return self.norm2(x * keep_ffn + self._ffn(x))


class TransformerEncoder(nn.Module):
    """num_layers independent layers, the same mask for each, then norm (if final_norm)."""

    def __init__(
        self,
        d_model: int,
        num_heads: int,
        d_ff: int,
        num_layers: int,
        dropout: float = 0.1,
        final_norm: bool = True,
    ) -> None:
        super().__init__()
        self.layers = nn.ModuleList(
            TransformerEncoderLayer(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.norm = nn.LayerNorm(d_model) if final_norm else None
        with torch.no_grad():  # visible norms: see the module docstring
            for module in self.modules():
                if isinstance(module, nn.LayerNorm):
                    module.weight.uniform_(0.5, 1.5)
                    module.bias.uniform_(-0.5, 0.5)

    def forward(self, x, mask=None):
        for layer in self.layers:
            x = layer(x, mask)  # [B, L, d_model]
        return x if self.norm is None else self.norm(x)
