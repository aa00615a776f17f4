import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    # like nn.MultiheadAttention: a fused in_proj_weight [3d, d] and out_proj.weight [d, d]
    in_proj = 3 * d_model * d_model
    out_proj = d_model * d_model
    mha = in_proj + out_proj

    ffn = (d_model * d_ff + d_ff) + (d_ff * d_model + d_model)
    ln = 2 * d_model

    enc = num_layers * (mha + ffn + 2 * ln)
    dec = num_layers * (2 * mha + ffn + 3 * ln)

    if share_embeddings:
        embedding = vocab_size * d_model
    else:
        embedding = vocab_size * d_model * 2 + (d_model * vocab_size + vocab_size)

    attention = num_layers * 3 * mha
    feed_forward = num_layers * 2 * ffn
    layer_norm = num_layers * 5 * ln
    total = embedding + enc + dec
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
