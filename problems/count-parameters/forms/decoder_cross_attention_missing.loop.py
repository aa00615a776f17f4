import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    def linear(i, o):
        return i * o + o

    emb = attn = ffn = ln = 0
    emb += vocab_size * d_model  # source embedding
    if not share_embeddings:
        emb += vocab_size * d_model  # target embedding
        emb += linear(d_model, vocab_size)  # generator

    for _ in range(num_layers):  # encoder
        attn += 4 * linear(d_model, d_model)
        ffn += linear(d_model, d_ff) + linear(d_ff, d_model)
        ln += 2 * (2 * d_model)
    for _ in range(num_layers):  # decoder
        attn += 4 * linear(d_model, d_model)  # masked self-attention
        ffn += linear(d_model, d_ff) + linear(d_ff, d_model)
        ln += 3 * (2 * d_model)

    return np.array([emb, attn, ffn, ln, emb + attn + ffn + ln], dtype=np.int64)
