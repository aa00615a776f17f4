"""Block sizes times a table of how many blocks each stack has, as one matrix product.

A vectorised take in the spirit of d2l's NumPy chapters: a vector of per-block sizes, a
matrix of multiplicities (encoder and decoder layer counts per block type), and `@` to
combine them, with float64 intermediates rounded back to int64 (exact far beyond these
sizes: float64 holds integers up to 2^53).
"""

import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = np.float64(d_model)
    block = np.array(
        [
            4 * (d * d + d),  # attention
            2 * d * d_ff + d_ff + d,  # feed-forward
            2 * d,  # layer norm
        ]
    )
    per_layer = np.array(
        [
            [1, 2],  # attention blocks: encoder layer, decoder layer
            [1, 1],  # feed-forward
            [2, 3],  # layer norms
        ],
        dtype=np.float64,
    )
    layers = per_layer @ np.array([num_layers, num_layers], dtype=np.float64)  # [3]
    parts = layers * block  # [attention, feed_forward, layer_norm]

    tables = 1 if share_embeddings else 2
    embedding = tables * vocab_size * d + (0 if share_embeddings else d * vocab_size + vocab_size)
    counts = np.concatenate([[embedding], parts])
    counts = np.append(counts, counts.sum())
    return np.rint(counts).astype(np.int64)
