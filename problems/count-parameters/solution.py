import numpy as np


def count_parameters(
    vocab_size: int,
    d_model: int,
    num_heads: int,
    d_ff: int,
    num_layers: int,
    share_embeddings: bool = True,
) -> np.ndarray:
    d, N = d_model, num_layers

    def linear(n_in: int, n_out: int) -> int:
        return n_in * n_out + n_out  # weight [n_out, n_in] + bias [n_out]

    # Tied: source embedding, target embedding and output projection are one V x d matrix
    # (the projection then has no bias). Untied: a second table and a Linear(d, V) as well.
    embedding = vocab_size * d
    if not share_embeddings:
        embedding += vocab_size * d + linear(d, vocab_size)

    # The heads only slice d into num_heads pieces: wq, wk, wv, wo stay d x d.
    attention_block = 4 * linear(d, d)
    ffn_block = linear(d, d_ff) + linear(d_ff, d)
    norm = 2 * d  # gamma and beta

    # Encoder layer: 1 attention, 1 FFN, 2 norms. Decoder layer: 2 attentions
    # (masked self, cross), 1 FFN, 3 norms.
    attention = 3 * N * attention_block
    feed_forward = 2 * N * ffn_block
    layer_norm = 5 * N * norm
    total = embedding + attention + feed_forward + layer_norm
    return np.array([embedding, attention, feed_forward, layer_norm, total], dtype=np.int64)
