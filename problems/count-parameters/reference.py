"""Trusted reference: parameters of the 2017 encoder-decoder Transformer in PyTorch modules.

Every nn.Linear has a bias; attention is four Linear(d, d) (the heads only split d, they
add nothing); the FFN is Linear(d, d_ff) + Linear(d_ff, d); a LayerNorm holds a weight and
a bias of d each; positional encoding is sinusoidal (no parameters); no final norms.
Checked against modules built with torch: problems/count-parameters/styles/torch-meta-modules.py.
"""

import numpy as np


def count_parameters(
    vocab_size: int,
    d_model: int,
    num_heads: int,
    d_ff: int,
    num_layers: int,
    share_embeddings: bool = True,
) -> np.ndarray:
    """[embedding, attention, feed_forward, layer_norm, total] as int64."""
    V, d, N = int(vocab_size), int(d_model), int(num_layers)

    def linear(n_in: int, n_out: int) -> int:
        return n_in * n_out + n_out  # weight [n_out, n_in] and bias [n_out]

    embedding = V * d  # shared: source, target and output projection use this one matrix
    if not share_embeddings:
        embedding += V * d + linear(d, V)  # a target table and an output Linear(d, V)
    attention_block = 4 * linear(d, d)  # wq, wk, wv, wo; num_heads plays no part
    ffn_block = linear(d, int(d_ff)) + linear(int(d_ff), d)
    norm = 2 * d  # gamma and beta

    # Encoder layer: self-attention, FFN, 2 norms. Decoder layer: masked self-attention,
    # cross-attention, FFN, 3 norms.
    attention = (N + 2 * N) * attention_block
    feed_forward = (N + N) * ffn_block
    layer_norm = (2 * N + 3 * N) * norm
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
