import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    """Parameters of the 2017 encoder-decoder Transformer, by where they sit.

    Returns: np.int64 array [embedding, attention, feed_forward, layer_norm, total].
    """
    embedding = vocab_size * d_model
    # TODO: attention, feed-forward and LayerNorm parameters of num_layers encoder layers
    # and num_layers decoder layers; the output projection when share_embeddings is False
    attention = 0
    feed_forward = 0
    layer_norm = 0
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
