import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    V, d, N = vocab_size, d_model, num_layers
    tables = 1 if share_embeddings else 2  # shared: src and tgt use one table
    embedding = tables * V * d
    embedding += d * V + V  # generator: Linear(d_model, vocab)
    attention = 3 * N * 4 * (d * d + d)
    feed_forward = 2 * N * (2 * d * d_ff + d_ff + d)
    layer_norm = 5 * N * 2 * d
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
