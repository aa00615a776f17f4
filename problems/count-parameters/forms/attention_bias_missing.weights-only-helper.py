import numpy as np


def linear(n_in, n_out):
    return n_in * n_out + n_out


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    V, d, N = vocab_size, d_model, num_layers
    embedding = V * d if share_embeddings else 2 * V * d + linear(d, V)
    # d_k = d / h per head, times h heads: each projection is d x d
    d_k = d // num_heads
    attention = 3 * N * 4 * (num_heads * d * d_k)
    feed_forward = 2 * N * (linear(d, d_ff) + linear(d_ff, d))
    layer_norm = 5 * N * 2 * d
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
