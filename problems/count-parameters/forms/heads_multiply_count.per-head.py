import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = d_model
    # every head has its own W_Q, W_K, W_V and W_O
    per_head = 4 * (d * d + d)
    mha = num_heads * per_head
    ffn = 2 * d * d_ff + d_ff + d
    ln = 2 * d
    embedding = (
        vocab_size * d if share_embeddings else 2 * vocab_size * d + d * vocab_size + vocab_size
    )
    attention = 3 * num_layers * mha
    feed_forward = 2 * num_layers * ffn
    layer_norm = 5 * num_layers * ln
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
