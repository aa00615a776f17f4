import numpy as np


def linear_params(fan_in: int, fan_out: int) -> int:
    return fan_in * fan_out + fan_out


def count_parameters(
    vocab_size: int,
    d_model: int,
    num_heads: int,
    d_ff: int,
    num_layers: int,
    share_embeddings: bool = True,
) -> np.ndarray:
    mha = 4 * linear_params(d_model, d_model)
    ffn = linear_params(d_model, d_ff) + linear_params(d_ff, d_model)
    enc = (mha, ffn, 2 * d_model)  # attention, ffn, two norms of d_model
    dec = (2 * mha, ffn, 3 * d_model)
    attention = num_layers * (enc[0] + dec[0])
    feed_forward = num_layers * (enc[1] + dec[1])
    layer_norm = num_layers * (enc[2] + dec[2])
    if share_embeddings:
        embedding = vocab_size * d_model
    else:
        embedding = 2 * vocab_size * d_model + linear_params(d_model, vocab_size)
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
