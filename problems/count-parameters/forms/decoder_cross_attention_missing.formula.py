import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    V, d, N = vocab_size, d_model, num_layers
    embedding = V * d if share_embeddings else V * d * 3 + V
    # one attention per layer, encoder and decoder alike
    attention = 2 * N * 4 * (d**2 + d)
    feed_forward = 2 * N * (2 * d * d_ff + d + d_ff)
    layer_norm = (2 + 3) * N * 2 * d
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
