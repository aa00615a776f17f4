import numpy as np


def positional_encoding(max_seq_len: int, d_model: int) -> np.ndarray:
    """Sinusoidal table [max_seq_len, d_model]: sin on even columns, cos on odd columns."""
    pos = np.arange(max_seq_len)[:, None]  # [L, 1]
    two_i = np.arange(0, d_model, 2)  # [d_model / 2]: the even column of each pair
    # 1 / 10000^(2i / d_model), written as an exp: frequencies evenly spaced on a log scale.
    freq = np.exp(-two_i * np.log(10000.0) / d_model)  # [d_model / 2]
    angle = pos * freq  # [L, d_model / 2]

    pe = np.empty((max_seq_len, d_model))  # float64: angles up to 512 keep their digits
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)  # column 2i + 1 shares the frequency of column 2i
    return pe
