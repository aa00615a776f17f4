import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = d_model
    attn = 4 * d * d  # Q, K, V, O projections
    ffn = d * d_ff + d_ff + d_ff * d + d
    norm = 2 * d
    encoder_layer = {"attention": attn, "ffn": ffn, "norm": 2 * norm}
    decoder_layer = {"attention": 2 * attn, "ffn": ffn, "norm": 3 * norm}
    counts = {
        key: num_layers * (encoder_layer[key] + decoder_layer[key])
        for key in ("attention", "ffn", "norm")
    }
    emb = vocab_size * d if share_embeddings else 2 * vocab_size * d + d * vocab_size + vocab_size
    total = emb + counts["attention"] + counts["ffn"] + counts["norm"]
    return np.array(
        [emb, counts["attention"], counts["ffn"], counts["norm"], total], dtype=np.int64
    )
