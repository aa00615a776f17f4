"""The Annotated Transformer (harvardnlp): EncoderDecoder with encode()/decode(), attention(),
MultiHeadedAttention, subsequent_mask() and Batch.make_std_mask() (padding & subsequent), the
Embeddings scaled by sqrt(d_model) and PositionalEncoding with div_term. Changes forced by the
contract: projections wq/wk/wv/wo instead of a cloned `linears` list; post-LN layers with
nn.LayerNorm norm1/2/3 and the ffn Sequential instead of SublayerConnection; no final
LayerNorm; the embeddings are plain nn.Embedding attributes; the pe buffer is non-persistent;
the shift right (Batch's tgt[:, :-1]) is done inside forward with sos_id prepended; the
Generator is a bare Linear that returns logits (no log_softmax)."""

import copy
import math

import torch
import torch.nn as nn


def clones(module, N):
    "Produce N identical layers."
    return nn.ModuleList([copy.deepcopy(module) for _ in range(N)])


def attention(query, key, value, mask=None, dropout=None):
    "Compute 'Scaled Dot Product Attention'"
    d_k = query.size(-1)
    scores = torch.matmul(query, key.transpose(-2, -1)) / math.sqrt(d_k)
    if mask is not None:
        scores = scores.masked_fill(mask == 0, -1e9)
    p_attn = scores.softmax(dim=-1)
    if dropout is not None:
        p_attn = dropout(p_attn)
    return torch.matmul(p_attn, value), p_attn


class MultiHeadedAttention(nn.Module):
    def __init__(self, h, d_model, dropout=0.1):
        super().__init__()
        assert d_model % h == 0
        self.d_k = d_model // h
        self.h = h
        self.wq = nn.Linear(d_model, d_model)
        self.wk = nn.Linear(d_model, d_model)
        self.wv = nn.Linear(d_model, d_model)
        self.wo = nn.Linear(d_model, d_model)
        self.attn = None
        self.drop = nn.Dropout(p=dropout)

    def forward(self, query, key, value, mask=None):
        nbatches = query.size(0)
        query, key, value = [
            lin(x).view(nbatches, -1, self.h, self.d_k).transpose(1, 2)
            for lin, x in zip((self.wq, self.wk, self.wv), (query, key, value), strict=True)
        ]
        x, self.attn = attention(query, key, value, mask=mask, dropout=self.drop)
        x = x.transpose(1, 2).contiguous().view(nbatches, -1, self.h * self.d_k)
        return self.wo(x)


class EncoderLayer(nn.Module):
    def __init__(self, size, self_attn, ffn, dropout):
        super().__init__()
        self.self_attn = self_attn
        self.ffn = ffn
        self.norm1 = nn.LayerNorm(size)
        self.norm2 = nn.LayerNorm(size)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, mask):
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, mask)))
        return self.norm2(x + self.dropout(self.ffn(x)))


class DecoderLayer(nn.Module):
    "Decoder is made of self-attn, src-attn, and feed forward (defined below)"

    def __init__(self, size, self_attn, src_attn, ffn, dropout):
        super().__init__()
        self.self_attn = self_attn
        self.cross_attn = src_attn
        self.ffn = ffn
        self.norm1 = nn.LayerNorm(size)
        self.norm2 = nn.LayerNorm(size)
        self.norm3 = nn.LayerNorm(size)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x, memory, src_mask, tgt_mask):
        m = memory
        x = self.norm1(x + self.dropout(self.self_attn(x, x, x, tgt_mask)))
        x = self.norm2(x + self.dropout(self.cross_attn(x, m, m, src_mask)))
        return self.norm3(x + self.dropout(self.ffn(x)))


def subsequent_mask(size):
    "Mask out subsequent positions."
    attn_shape = (1, size, size)
    subsequent_mask = torch.triu(torch.ones(attn_shape), diagonal=1).type(torch.uint8)
    return subsequent_mask == 0


def make_std_mask(tgt, pad):
    "Create a mask to hide padding and future words."
    tgt_mask = (tgt != pad).unsqueeze(-2)
    tgt_mask = tgt_mask & subsequent_mask(tgt.size(-1)).type_as(tgt_mask.data)
    return tgt_mask


class PositionalEncoding(nn.Module):
    "Implement the PE function."

    def __init__(self, d_model, dropout, max_len=5000):
        super().__init__()
        self.dropout = nn.Dropout(p=dropout)
        pe = torch.zeros(max_len, d_model)
        position = torch.arange(0, max_len).unsqueeze(1)
        div_term = torch.exp(torch.arange(0, d_model, 2) * -(math.log(10000.0) / d_model))
        pe[:, 0::2] = torch.sin(position * div_term)
        pe[:, 1::2] = torch.cos(position * div_term)
        pe = pe.unsqueeze(0)
        self.register_buffer("pe", pe, persistent=False)

    def forward(self, x):
        x = x + self.pe[:, : x.size(1)].requires_grad_(False)
        return self.dropout(x)


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
        c = copy.deepcopy
        attn = MultiHeadedAttention(num_heads, d_model)
        ff = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.d_model, self.pad, self.sos = d_model, pad_id, sos_id
        self.encoder_layers = clones(EncoderLayer(d_model, c(attn), c(ff), dropout), num_layers)
        self.decoder_layers = clones(
            DecoderLayer(d_model, c(attn), c(attn), c(ff), dropout), num_layers
        )
        self.src_embed = nn.Embedding(src_vocab, d_model)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model)
        self.position = PositionalEncoding(d_model, dropout, max_len)
        self.generator = nn.Linear(d_model, tgt_vocab)

    def encode(self, src, src_mask):
        x = self.position(self.src_embed(src) * math.sqrt(self.d_model))
        for layer in self.encoder_layers:
            x = layer(x, src_mask)
        return x

    def decode(self, memory, src_mask, tgt, tgt_mask):
        x = self.position(self.tgt_embed(tgt) * math.sqrt(self.d_model))
        for layer in self.decoder_layers:
            x = layer(x, memory, src_mask, tgt_mask)
        return x

    def forward(self, src, tgt):
        src_mask = (src != self.pad).unsqueeze(-2).unsqueeze(1)
        start = torch.full((tgt.size(0), 1), self.sos, dtype=tgt.dtype)
        tgt_in = torch.cat([start, tgt[:, :-1]], dim=1)
        tgt_mask = make_std_mask(tgt_in, self.pad).unsqueeze(1)
        memory = self.encode(src, src_mask)
        return self.generator(self.decode(memory, src_mask, tgt_in, tgt_mask))
