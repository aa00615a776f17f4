"""PyTorch references: attention, masks, multi-head attention, PE module, encoder layer.

Knobs (reference_impl.knobs) mark where each classic mistake would be made; diagnosis
turns them, grading never does.
"""

from __future__ import annotations

import math

import torch
from torch import nn

from reference_impl import numpy_ops
from reference_impl.knobs import knob


def attention(
    q: torch.Tensor, k: torch.Tensor, v: torch.Tensor, mask: torch.Tensor | None = None
) -> torch.Tensor:
    """softmax(q k^T / sqrt(d_k)) v with masked_fill(mask == 0, -1e9)."""
    d_k = q.size(-1)
    scale = knob("scale")
    if scale is None:
        scores = q @ k.transpose(-2, -1) / math.sqrt(d_k)  # [..., Lq, Lk]
    else:
        dims = {"d_k": d_k, "L_k": k.size(-2), "d_v": v.size(-1)}
        factor = scale(dims) if callable(scale) else scale
        scores = (q @ k.transpose(-2, -1)) * factor
    blocked = None if mask is None else _blocked(mask == 0)
    if blocked is not None:
        scores = _apply_mask(scores, blocked.expand(scores.shape))
    weights = _softmax(scores)  # [..., Lq, Lk]
    apply = knob("mask_apply")
    if blocked is not None and apply in ("multiply", "renormalize"):
        weights = weights * ~blocked
        if apply == "renormalize":  # a fully blocked row becomes zeros
            weights = weights / weights.sum(-1, keepdim=True).clamp_min(1e-30)
    return weights @ v  # [..., Lq, dv]


def _apply_mask(scores: torch.Tensor, blocked: torch.Tensor) -> torch.Tensor:
    """The reference fills -1e9; the knob picks another way a person writes it."""
    apply = knob("mask_apply", "fill")
    if apply in ("fill", "replace"):
        return scores.masked_fill(blocked, -1e9)
    if apply == "neg_inf":  # a fully blocked row is NaN
        return scores.masked_fill(blocked, float("-inf"))
    return scores  # "multiply" or "renormalize": applied to the weights instead


def _softmax(scores: torch.Tensor) -> torch.Tensor:
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


def _blocked(blocked: torch.Tensor) -> torch.Tensor:
    """Which keys are blocked, after the mask knob (inverted, or ignored altogether)."""
    mode = knob("mask")
    if mode == "inverted":
        return ~blocked
    if mode == "ignored":
        return torch.zeros_like(blocked)
    return blocked


def causal_mask(size: int) -> torch.Tensor:
    """Lower-triangular boolean mask: True where key j <= query i."""
    mask = torch.tril(torch.ones(size, size, dtype=torch.bool), diagonal=knob("causal_offset", 0))
    return ~mask if knob("mask") == "inverted" else mask


def padding_mask(lengths: torch.Tensor, max_len: int) -> torch.Tensor:
    """[B, 1, 1, max_len] boolean mask, True for real tokens."""
    positions = torch.arange(max_len)  # [max_len]
    mask = positions[None, :] < lengths[:, None] + knob("padding_offset", 0)
    mask = ~mask if knob("mask") == "inverted" else mask
    return mask[:, None, None, :]


def split_heads(x: torch.Tensor, num_heads: int) -> torch.Tensor:
    """[B, L, d_model] -> [B, h, L, d_k], or as the heads_split knob splits them."""
    b, length, d_model = x.shape
    h = knob("heads", num_heads)
    how = knob("heads_split")
    if how == "head_first":
        return x.reshape(b, h, length, d_model // h)  # positions mixed into heads
    if how == "no_transpose":  # attention then runs across heads, per position
        return x.view(b, length, h, d_model // h)
    if how == "interleaved":  # column j goes to head j % h
        return x.view(b, length, d_model // h, h).permute(0, 3, 1, 2)
    return x.view(b, length, h, d_model // h).transpose(1, 2)  # [B, h, L, d_k]


def merge_heads(out: torch.Tensor, b: int, length: int, d_model: int) -> torch.Tensor:
    """[B, h, L, d_k] -> [B, L, d_model], or as the heads_* knobs merge them."""
    merge = knob("heads_merge")
    if knob("heads_split") == "no_transpose" or merge == "head_first":
        return out.reshape(b, length, d_model)
    if merge == "interleaved":
        return out.permute(0, 2, 3, 1).reshape(b, length, d_model)
    return out.transpose(1, 2).contiguous().view(b, length, d_model)  # [B, L, d_model]


class MultiHeadAttention(nn.Module):
    """Multi-head attention with d_model -> d_model projections wq, wk, wv, wo."""

    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        assert d_model % num_heads == 0
        self.d_k = d_model // num_heads
        self.num_heads = num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def _split(self, x: torch.Tensor) -> torch.Tensor:
        return split_heads(x, self.num_heads)  # [B, h, L, d_k]

    def forward(
        self,
        q: torch.Tensor,
        k: torch.Tensor,
        v: torch.Tensor,
        mask: torch.Tensor | None = None,
    ) -> torch.Tensor:
        b, lq, d_model = q.shape
        out = attention(
            self._split(self.wq(q)), self._split(self.wk(k)), self._split(self.wv(v)), mask
        )  # [B, h, Lq, d_k]
        out = merge_heads(out, b, lq, d_model)  # [B, Lq, d_model]
        return out if knob("output_projection") is False else self.wo(out)


def sinusoidal_table(max_len: int, d_model: int) -> torch.Tensor:
    """PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(...): [max_len, d_model]."""
    position = torch.arange(max_len, dtype=torch.float64)[:, None]  # [max_len, 1]
    div = torch.pow(10000.0, torch.arange(0, d_model, 2, dtype=torch.float64) / d_model)
    table = torch.zeros(max_len, d_model, dtype=torch.float64)
    table[:, 0::2] = torch.sin(position / div)
    table[:, 1::2] = torch.cos(position / div)
    return table.float()


class PositionalEncoding(nn.Module):
    """Adds the sinusoidal table (a buffer `pe` [1, max_seq_len, d_model]) to batch-first x."""

    def __init__(self, d_model: int, max_seq_len: int = 5000) -> None:
        super().__init__()
        self.register_buffer("pe", sinusoidal_table(max_seq_len, d_model).unsqueeze(0))

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        if knob("pe_exponent") or knob("pe_base") or knob("pe_swap") or knob("pe_layout"):
            table = numpy_ops.positional_encoding(x.size(1), self.pe.size(-1))
            return x + torch.from_numpy(table).float().unsqueeze(0)
        return x + self.pe[:, : x.size(1)]


class TransformerEncoderLayer(nn.Module):
    """Post-LN encoder layer: self-attention and FFN, each with residual then LayerNorm."""

    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.norm1 = nn.LayerNorm(d_model)
        self.norm2 = nn.LayerNorm(d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor, mask: torch.Tensor | None = None) -> torch.Tensor:
        if knob("residual") or knob("norm_order") or knob("activation"):
            return self._variant(x, mask)
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))  # [B, L, d_model]
        return self.norm2(x + self.dropout(self._ffn(x)))

    def _ffn(self, x: torch.Tensor) -> torch.Tensor:
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
        return self.ffn[3](hidden)

    def _variant(self, x: torch.Tensor, mask: torch.Tensor | None) -> torch.Tensor:
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
