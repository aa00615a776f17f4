"""nanoGPT-style (Karpathy) blocks, einsum attention with the causal mask as a tril on the fly
(like the `bias` buffer of CausalSelfAttention), and positions computed in forward. Changes
forced by the contract: an encoder and a cross-attending decoder (nanoGPT is decoder-only),
separate wq/wk/wv/wo, padding masks, post-LN, sinusoidal positions instead of wpe, a generator
without weight tying, and the targets shifted right inside forward (nanoGPT shifts outside, by
slicing x and y from one stream)."""

import math

import torch
import torch.nn as nn
import torch.nn.functional as F


class Attention(nn.Module):
    def __init__(self, n_embd, n_head):
        super().__init__()
        self.n_head = n_head
        self.wq = nn.Linear(n_embd, n_embd)
        self.wk = nn.Linear(n_embd, n_embd)
        self.wv = nn.Linear(n_embd, n_embd)
        self.wo = nn.Linear(n_embd, n_embd)

    def forward(self, x, ctx, ctx2, allowed=None):
        B, T, C = x.size()
        hs = C // self.n_head
        q = self.wq(x).view(B, T, self.n_head, hs)
        k = self.wk(ctx).view(B, ctx.size(1), self.n_head, hs)
        v = self.wv(ctx2).view(B, ctx.size(1), self.n_head, hs)
        att = torch.einsum("bthd,bshd->bhts", q, k) * (1.0 / math.sqrt(hs))
        if allowed is not None:
            att = att.masked_fill(allowed.logical_not(), float("-inf"))
        att = F.softmax(att, dim=-1)
        y = torch.einsum("bhts,bshd->bthd", att, v).reshape(B, T, C)
        return self.wo(y)


def mlp(n_embd, d_ff, dropout):
    return nn.Sequential(
        nn.Linear(n_embd, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, n_embd)
    )


class EncBlock(nn.Module):
    def __init__(self, n_embd, n_head, d_ff, dropout):
        super().__init__()
        self.self_attn = Attention(n_embd, n_head)
        self.ffn = mlp(n_embd, d_ff, dropout)
        self.norm1 = nn.LayerNorm(n_embd)
        self.norm2 = nn.LayerNorm(n_embd)
        self.resid_dropout = nn.Dropout(dropout)

    def forward(self, x, allowed):
        x = self.norm1(x + self.resid_dropout(self.self_attn(x, x, x, allowed)))
        return self.norm2(x + self.resid_dropout(self.ffn(x)))


class DecBlock(nn.Module):
    def __init__(self, n_embd, n_head, d_ff, dropout):
        super().__init__()
        self.self_attn = Attention(n_embd, n_head)
        self.cross_attn = Attention(n_embd, n_head)
        self.ffn = mlp(n_embd, d_ff, dropout)
        self.norm1 = nn.LayerNorm(n_embd)
        self.norm2 = nn.LayerNorm(n_embd)
        self.norm3 = nn.LayerNorm(n_embd)
        self.resid_dropout = nn.Dropout(dropout)

    def forward(self, x, enc, self_allowed, cross_allowed):
        x = self.norm1(x + self.resid_dropout(self.self_attn(x, x, x, self_allowed)))
        x = self.norm2(x + self.resid_dropout(self.cross_attn(x, enc, enc, cross_allowed)))
        return self.norm3(x + self.resid_dropout(self.ffn(x)))


def sinusoid(T, C, device=None):
    pos = torch.arange(T, device=device, dtype=torch.float32)[:, None]
    i = torch.arange(0, C, 2, device=device, dtype=torch.float32)[None, :]
    angle = pos / torch.pow(10000.0, i / C)
    return torch.stack([angle.sin(), angle.cos()], dim=-1).reshape(T, C)


class Transformer(nn.Module):
    def __init__(
        self,
        src_vocab,
        tgt_vocab,
        d_model,
        num_heads,
        d_ff,
        num_layers,
        pad_id=0,
        sos_id=1,
        max_len=512,
        dropout=0.1,
    ):
        super().__init__()
        self.pad_id, self.sos_id, self.block_size = pad_id, sos_id, max_len
        self.src_embed = nn.Embedding(src_vocab, d_model)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model)
        self.drop = nn.Dropout(dropout)
        self.encoder_layers = nn.ModuleList(
            EncBlock(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.decoder_layers = nn.ModuleList(
            DecBlock(d_model, num_heads, d_ff, dropout) for _ in range(num_layers)
        )
        self.generator = nn.Linear(d_model, tgt_vocab)

    def _in(self, wte, idx):
        b, t = idx.size()
        assert self.block_size >= t, "sequence longer than max_len"
        c = wte.embedding_dim
        return self.drop(wte(idx) * math.sqrt(c) + sinusoid(t, c, idx.device))

    def forward(self, src, tgt):
        idx = F.pad(tgt[:, :-1], (1, 0), value=self.sos_id)  # shift right
        t = idx.size(1)
        src_ok = (src != self.pad_id)[:, None, None, :]
        tgt_ok = (idx != self.pad_id)[:, None, None, :] & torch.ones(t, t).tril().bool()
        enc = self._in(self.src_embed, src)
        for block in self.encoder_layers:
            enc = block(enc, src_ok)
        x = self._in(self.tgt_embed, idx)
        for block in self.decoder_layers:
            x = block(x, enc, tgt_ok, src_ok)
        return self.generator(x)
