import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    h, d = num_heads, d_model
    # projection weights stored per head as [h, d, d], biases [h, d]
    qkvo = 4 * (h * d * d + h * d)
    attention = (1 + 2) * num_layers * qkvo
    feed_forward = num_layers * 2 * (d * d_ff + d_ff + d_ff * d + d)
    layer_norm = num_layers * (2 + 3) * 2 * d
    embedding = vocab_size * d * (1 if share_embeddings else 3)
    if not share_embeddings:
        embedding += vocab_size
    total = embedding + attention + feed_forward + layer_norm
    return np.asarray([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
