import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    def linear(i, o):
        return i * o + o

    tables = 1 if share_embeddings else 2
    embedding = {
        "embeddings": tables * vocab_size * d_model,
        "lm_head": linear(d_model, vocab_size),
    }
    layer = {
        "attention": 4 * linear(d_model, d_model),
        "ffn": linear(d_model, d_ff) + linear(d_ff, d_model),
        "norm": 2 * d_model,
    }
    emb = sum(embedding.values())
    attn = num_layers * 3 * layer["attention"]
    ffn = num_layers * 2 * layer["ffn"]
    norm = num_layers * 5 * layer["norm"]
    return np.array([emb, attn, ffn, norm, emb + attn + ffn + norm], dtype=np.int64)
