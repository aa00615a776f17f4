"""fairseq style: prev_output_tokens (the target rotated right with the start symbol in front),
key_padding_mask with True at pads, the decoder's buffered_future_mask as an additive float
mask (fill_with_neg_inf, triu(1)), and attention with the heads folded into the batch,
[B*h, L, d_k], computed with torch.bmm and the query scaled first. Changes forced by the
contract: batch-first tensors instead of fairseq's time-first, wq/wk/wv/wo instead of
q_proj/k_proj/v_proj/out_proj, post-LN with norm1/2/3 (fairseq's normalize_before=False),
sinusoidal positions of the 2017 paper (interleaved sin/cos, positions from 0)."""

import math

import torch
import torch.nn as nn


def fill_with_neg_inf(t):
    return t.float().fill_(float("-inf")).type_as(t)


class MultiheadAttention(nn.Module):
    def __init__(self, embed_dim, num_heads):
        super().__init__()
        self.num_heads = num_heads
        self.head_dim = embed_dim // num_heads
        self.scaling = self.head_dim**-0.5
        self.wq = nn.Linear(embed_dim, embed_dim)
        self.wk = nn.Linear(embed_dim, embed_dim)
        self.wv = nn.Linear(embed_dim, embed_dim)
        self.wo = nn.Linear(embed_dim, embed_dim)

    def _fold(self, x):
        bsz, length, _ = x.shape
        x = x.view(bsz, length, self.num_heads, self.head_dim).transpose(1, 2)
        return x.reshape(bsz * self.num_heads, length, self.head_dim)

    def forward(self, query, key, value, key_padding_mask=None, attn_mask=None):
        bsz, tgt_len, embed_dim = query.shape
        q = self._fold(self.wq(query) * self.scaling)
        k = self._fold(self.wk(key))
        v = self._fold(self.wv(value))
        attn_weights = torch.bmm(q, k.transpose(1, 2))  # [B*h, tgt_len, src_len]
        if attn_mask is not None:
            attn_weights = attn_weights + attn_mask.unsqueeze(0)
        if key_padding_mask is not None:
            attn_weights = attn_weights.view(bsz, self.num_heads, tgt_len, -1)
            attn_weights = attn_weights.masked_fill(
                key_padding_mask.unsqueeze(1).unsqueeze(2), float("-inf")
            )
            attn_weights = attn_weights.view(bsz * self.num_heads, tgt_len, -1)
        attn_probs = torch.softmax(attn_weights, dim=-1)
        attn = torch.bmm(attn_probs, v)
        attn = attn.view(bsz, self.num_heads, tgt_len, self.head_dim).transpose(1, 2)
        return self.wo(attn.reshape(bsz, tgt_len, embed_dim))


def build_ffn(embed_dim, ffn_embed_dim, dropout):
    return nn.Sequential(
        nn.Linear(embed_dim, ffn_embed_dim),
        nn.ReLU(),
        nn.Dropout(dropout),
        nn.Linear(ffn_embed_dim, embed_dim),
    )


class TransformerEncoderLayerBase(nn.Module):
    def __init__(self, embed_dim, heads, ffn_embed_dim, dropout):
        super().__init__()
        self.self_attn = MultiheadAttention(embed_dim, heads)
        self.ffn = build_ffn(embed_dim, ffn_embed_dim, dropout)
        self.norm1 = nn.LayerNorm(embed_dim)
        self.norm2 = nn.LayerNorm(embed_dim)
        self.dropout_module = nn.Dropout(dropout)

    def forward(self, x, encoder_padding_mask):
        residual = x
        x = self.self_attn(x, x, x, key_padding_mask=encoder_padding_mask)
        x = self.norm1(residual + self.dropout_module(x))
        residual = x
        x = self.norm2(residual + self.dropout_module(self.ffn(x)))
        return x


class TransformerDecoderLayerBase(nn.Module):
    def __init__(self, embed_dim, heads, ffn_embed_dim, dropout):
        super().__init__()
        self.self_attn = MultiheadAttention(embed_dim, heads)
        self.cross_attn = MultiheadAttention(embed_dim, heads)
        self.ffn = build_ffn(embed_dim, ffn_embed_dim, dropout)
        self.norm1 = nn.LayerNorm(embed_dim)
        self.norm2 = nn.LayerNorm(embed_dim)
        self.norm3 = nn.LayerNorm(embed_dim)
        self.dropout_module = nn.Dropout(dropout)

    def forward(self, x, encoder_out, encoder_padding_mask, self_attn_mask, self_padding_mask):
        residual = x
        x = self.self_attn(x, x, x, key_padding_mask=self_padding_mask, attn_mask=self_attn_mask)
        x = self.norm1(residual + self.dropout_module(x))
        residual = x
        x = self.cross_attn(x, encoder_out, encoder_out, key_padding_mask=encoder_padding_mask)
        x = self.norm2(residual + self.dropout_module(x))
        residual = x
        return self.norm3(residual + self.dropout_module(self.ffn(x)))


def sinusoidal_positions(num_embeddings, embedding_dim):
    inv_freq = torch.exp(
        torch.arange(0, embedding_dim, 2, dtype=torch.float) * -(math.log(10000.0) / embedding_dim)
    )
    emb = torch.arange(num_embeddings, dtype=torch.float).unsqueeze(1) * inv_freq.unsqueeze(0)
    return torch.stack([torch.sin(emb), torch.cos(emb)], dim=2).view(num_embeddings, -1)


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
        self.padding_idx, self.bos = pad_id, sos_id
        self.embed_scale = math.sqrt(d_model)
        self.src_embed = nn.Embedding(src_vocab, d_model, padding_idx=pad_id)
        self.tgt_embed = nn.Embedding(tgt_vocab, d_model, padding_idx=pad_id)
        self.register_buffer("positions", sinusoidal_positions(max_len, d_model), persistent=False)
        self.dropout_module = nn.Dropout(dropout)
        self.encoder_layers = nn.ModuleList(
            [
                TransformerEncoderLayerBase(d_model, num_heads, d_ff, dropout)
                for _ in range(num_layers)
            ]
        )
        self.decoder_layers = nn.ModuleList(
            [
                TransformerDecoderLayerBase(d_model, num_heads, d_ff, dropout)
                for _ in range(num_layers)
            ]
        )
        self.generator = nn.Linear(d_model, tgt_vocab)

    def buffered_future_mask(self, tensor):
        dim = tensor.size(1)
        return torch.triu(fill_with_neg_inf(torch.zeros([dim, dim])), 1)

    def embed(self, table, tokens):
        x = self.embed_scale * table(tokens) + self.positions[: tokens.size(1)]
        return self.dropout_module(x)

    def forward(self, src_tokens, tgt_tokens):
        prev_output_tokens = tgt_tokens.roll(1, dims=1)
        prev_output_tokens[:, 0] = self.bos
        encoder_padding_mask = src_tokens.eq(self.padding_idx)
        self_padding_mask = prev_output_tokens.eq(self.padding_idx)

        x = self.embed(self.src_embed, src_tokens)
        for layer in self.encoder_layers:
            x = layer(x, encoder_padding_mask)
        encoder_out = x

        x = self.embed(self.tgt_embed, prev_output_tokens)
        self_attn_mask = self.buffered_future_mask(x)
        for layer in self.decoder_layers:
            x = layer(x, encoder_out, encoder_padding_mask, self_attn_mask, self_padding_mask)
        return self.generator(x)
