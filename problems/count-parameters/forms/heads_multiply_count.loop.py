import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    def linear(i, o):
        return i * o + o

    def attention_block():
        total = 0
        for _ in range(num_heads):
            total += 3 * linear(d_model, d_model)  # q, k, v of this head
            total += linear(d_model, d_model)  # its output
        return total

    attn = num_layers * attention_block() + num_layers * 2 * attention_block()
    ffn = num_layers * 2 * (linear(d_model, d_ff) + linear(d_ff, d_model))
    ln = num_layers * 5 * 2 * d_model
    emb = vocab_size * d_model
    if not share_embeddings:
        emb = emb * 2 + linear(d_model, vocab_size)
    return np.array([emb, attn, ffn, ln, emb + attn + ffn + ln], dtype=np.int64)
