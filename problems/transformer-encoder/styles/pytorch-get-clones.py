"""Shaped like torch.nn.TransformerEncoder's source: _get_clones (deepcopy in a ModuleList),
`output = src`, a loop over self.layers passing the mask, and `if self.norm is not None`.
The layer is problems/encoder-layer/styles/pytorch-style.py. Changes forced by the contract: the
constructor takes the layer's sizes instead of an encoder_layer, src_mask is a bool mask
(True = allowed), and there is no nested-tensor fast path."""

import copy
import math

from torch import Tensor, nn
from torch.nn import functional as F


class MultiHeadAttention(nn.Module):
    def __init__(self, d_model: int, num_heads: int) -> None:
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = d_model // num_heads
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)

    def forward(self, q: Tensor, k: Tensor, v: Tensor, mask: Tensor | None = None) -> Tensor:
        bsz, tgt_len, embed_dim = q.shape
        q = self.wq(q).view(bsz, -1, self.num_heads, self.head_dim).transpose(1, 2)
        k = self.wk(k).view(bsz, -1, self.num_heads, self.head_dim).transpose(1, 2)
        v = self.wv(v).view(bsz, -1, self.num_heads, self.head_dim).transpose(1, 2)
        attn_weight = q @ k.transpose(-2, -1) / math.sqrt(self.head_dim)
        if mask is not None:
            attn_weight = attn_weight.masked_fill(mask.logical_not(), -1e9)
        attn_weight = F.softmax(attn_weight, dim=-1)
        attn_output = (attn_weight @ v).transpose(1, 2).reshape(bsz, tgt_len, embed_dim)
        return self.wo(attn_output)


class TransformerEncoderLayer(nn.Module):
    def __init__(self, d_model: int, num_heads: int, d_ff: int, dropout: float = 0.1) -> None:
        super().__init__()
        self.self_attn = MultiHeadAttention(d_model, num_heads)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff),
            nn.ReLU(),
            nn.Dropout(dropout),
            nn.Linear(d_ff, d_model),
        )
        self.norm_first = False
        self.norm1 = nn.LayerNorm(d_model, eps=1e-5)
        self.norm2 = nn.LayerNorm(d_model, eps=1e-5)
        self.dropout = nn.Dropout(dropout)

    def forward(self, src: Tensor, src_mask: Tensor | None = None) -> Tensor:
        x = src
        if self.norm_first:
            x = x + self._sa_block(self.norm1(x), src_mask)
            x = x + self._ff_block(self.norm2(x))
        else:
            x = self.norm1(x + self._sa_block(x, src_mask))
            x = self.norm2(x + self._ff_block(x))
        return x

    # self-attention block
    def _sa_block(self, x: Tensor, attn_mask: Tensor | None) -> Tensor:
        x = self.self_attn(x, x, x, attn_mask)
        return self.dropout(x)

    # feed forward block
    def _ff_block(self, x: Tensor) -> Tensor:
        return self.dropout(self.ffn(x))


def _get_clones(module, N):
    return nn.ModuleList([copy.deepcopy(module) for i in range(N)])


class TransformerEncoder(nn.Module):
    __constants__ = ["norm"]

    def __init__(self, d_model, num_heads, d_ff, num_layers, dropout=0.1, final_norm=True):
        super().__init__()
        encoder_layer = TransformerEncoderLayer(d_model, num_heads, d_ff, dropout)
        self.layers = _get_clones(encoder_layer, num_layers)
        self.num_layers = num_layers
        self.norm = nn.LayerNorm(d_model) if final_norm else None

    def forward(self, src: Tensor, src_mask: Tensor | None = None) -> Tensor:
        output = src
        for mod in self.layers:
            output = mod(output, src_mask)
        if self.norm is not None:
            output = self.norm(output)
        return output
