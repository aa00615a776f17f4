"""The whole count as one polynomial, as interview write-ups expand it.

Blog posts and interview notes that answer "how many parameters has the Transformer"
(following the paper's section 3 and Table 3) multiply the per-block sums out into terms
in d², d·d_ff, d and V·d. Same counts, written as the expanded closed form.
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
    V, d, f, n = vocab_size, d_model, d_ff, num_layers
    emb = V * d if share_embeddings else 3 * V * d + V
    attn = 12 * n * d**2 + 12 * n * d  # 3n blocks of 4 (d^2 + d)
    ffn = 4 * n * d * f + 2 * n * f + 2 * n * d  # 2n blocks of 2 d f + f + d
    norms = 10 * n * d  # 5n norms of 2 d
    return np.array([emb, attn, ffn, norms, emb + attn + ffn + norms], dtype=np.int64)
