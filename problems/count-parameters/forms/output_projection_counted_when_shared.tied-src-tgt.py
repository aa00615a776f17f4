import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    # sharing ties the source and target embeddings; the output layer is its own Linear
    src = vocab_size * d_model
    tgt = 0 if share_embeddings else vocab_size * d_model
    out_w = d_model * vocab_size
    out_b = vocab_size
    embedding = src + tgt + out_w + out_b

    attn = 4 * (d_model * d_model + d_model)
    ffn = d_model * d_ff + d_ff + d_ff * d_model + d_model
    attention = num_layers * attn + num_layers * 2 * attn
    feed_forward = num_layers * ffn * 2
    layer_norm = num_layers * 2 * d_model * 5
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
