"""Known mistakes in counting the Transformer's parameters."""

import numpy as np


def _count(
    vocab_size,
    d_model,
    num_heads,
    d_ff,
    num_layers,
    share_embeddings,
    *,
    attention_bias=True,
    cross_attention=True,
    norm_size=2,
    per_head=False,
    output_when_shared=False,
):
    V, d, N = vocab_size, d_model, num_layers
    embedding = V * d if share_embeddings else 2 * V * d + d * V + V
    if share_embeddings and output_when_shared:
        embedding += d * V + V
    block = 4 * (d * d + d) if attention_bias else 4 * d * d
    if per_head:
        block *= num_heads
    attention = (N + (2 if cross_attention else 1) * N) * block
    feed_forward = 2 * N * (2 * d * d_ff + d_ff + d)
    layer_norm = 5 * N * norm_size * d
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)


def attention_bias_missing(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    args = (vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings)
    return _count(*args, attention_bias=False)


def decoder_cross_attention_missing(
    vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True
):
    args = (vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings)
    return _count(*args, cross_attention=False)


def norm_params_once(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    args = (vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings)
    return _count(*args, norm_size=1)


def heads_multiply_count(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    args = (vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings)
    return _count(*args, per_head=True)


def output_projection_counted_when_shared(
    vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True
):
    args = (vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings)
    return _count(*args, output_when_shared=True)


MISTAKES = {
    "attention_bias_missing": attention_bias_missing,
    "decoder_cross_attention_missing": decoder_cross_attention_missing,
    "norm_params_once": norm_params_once,
    "heads_multiply_count": heads_multiply_count,
    "output_projection_counted_when_shared": output_projection_counted_when_shared,
}

MESSAGES = {
    "attention_bias_missing": {
        "en": "Your attention count is 4·d² per attention block: the biases are missing. Each "
        "of wq, wk, wv and wo is an nn.Linear(d, d) with a bias, so a block holds 4(d² + d).",
        "zh": "你的注意力参数每块只算了 4·d²，漏了偏置。wq、wk、wv、wo 都是带偏置的 "
        "nn.Linear(d, d)，一个注意力块是 4(d² + d)。",
    },
    "decoder_cross_attention_missing": {
        "en": "Your attention count has one attention block per decoder layer. A decoder "
        "layer has two: masked self-attention and the cross-attention over the encoder's "
        "output, so there are 3·N attention blocks in all, not 2·N.",
        "zh": "你给每个解码器层只算了一个注意力块。解码器层有两个：带掩码的自注意力，和看编码器"
        "输出的交叉注意力，所以一共是 3·N 个注意力块，不是 2·N。",
    },
    "norm_params_once": {
        "en": "Your LayerNorm count is d per norm. A LayerNorm has two vectors of size d, the "
        "scale γ (weight) and the shift β (bias): 2·d per norm, and 5·N norms in all.",
        "zh": "你每个 LayerNorm 只算了 d 个参数。LayerNorm 有两个长度为 d 的向量：缩放 γ"
        "（weight）和平移 β（bias），每个是 2·d，一共 5·N 个 LayerNorm。",
    },
    "heads_multiply_count": {
        "en": "Your attention count grows with num_heads: it is num_heads times too large. "
        "The heads split d_model into num_heads slices of d_k = d_model / num_heads; the "
        "four projections stay d × d whatever the number of heads.",
        "zh": "你的注意力参数随头数增长，多乘了 num_heads。多头只是把 d_model 切成 num_heads "
        "份、每份 d_k = d_model / num_heads；四个投影矩阵始终是 d × d，与头数无关。",
    },
    "output_projection_counted_when_shared": {
        "en": "With shared embeddings you counted the output projection as well. When the "
        "embeddings are shared, the output layer reuses the embedding matrix (and has no "
        "bias), so it adds no parameters: the embedding part is V·d.",
        "zh": "共享嵌入时你又把输出投影层算了一遍。共享时输出层直接复用嵌入矩阵（且没有偏置），"
        "不增加任何参数：嵌入部分就是 V·d。",
    },
}
