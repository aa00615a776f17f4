import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = d_model
    attention = [(d, d), (d,)] * 4
    ffn = [(d_ff, d), (d_ff,), (d, d_ff), (d,)]
    norm = [(d,)]  # LayerNorm normalized_shape
    encoder = {"attention": attention, "ffn": ffn, "norm": norm * 2}
    decoder = {"attention": attention * 2, "ffn": ffn, "norm": norm * 3}

    def size(shapes):
        return sum(int(np.prod(s)) for s in shapes)

    counts = [num_layers * (size(encoder[k]) + size(decoder[k])) for k in encoder]
    if share_embeddings:
        embedding = size([(vocab_size, d)])
    else:
        embedding = size([(vocab_size, d), (vocab_size, d), (vocab_size, d), (vocab_size,)])
    return np.array([embedding, *counts, embedding + sum(counts)], dtype=np.int64)
