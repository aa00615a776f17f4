import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    d = d_model
    attn = 4 * (d * d + d)
    ffn = 2 * d * d_ff + d_ff + d
    norm = 2 * d
    encoder_layer = {"attn": attn, "ffn": ffn, "norm": 2 * norm}
    decoder_layer = {"attn": attn, "ffn": ffn, "norm": 3 * norm}  # masked self-attention
    per_part = {k: num_layers * (encoder_layer[k] + decoder_layer[k]) for k in encoder_layer}
    emb = vocab_size * d if share_embeddings else 2 * vocab_size * d + (d + 1) * vocab_size
    total = emb + sum(per_part.values())
    return np.array(
        [emb, per_part["attn"], per_part["ffn"], per_part["norm"], total], dtype=np.int64
    )
