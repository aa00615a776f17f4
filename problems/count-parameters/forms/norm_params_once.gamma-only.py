import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = d_model
    attention_block = 4 * (d * d + d)
    ffn_block = d * d_ff + d_ff + d_ff * d + d
    layer_norm_block = d  # gamma
    n_attention = 3 * num_layers
    n_ffn = 2 * num_layers
    n_norm = 5 * num_layers
    embedding = vocab_size * d
    if not share_embeddings:
        embedding += vocab_size * d + d * vocab_size + vocab_size
    parts = [
        embedding,
        n_attention * attention_block,
        n_ffn * ffn_block,
        n_norm * layer_norm_block,
    ]
    return np.array(parts + [sum(parts)], dtype=np.int64)
