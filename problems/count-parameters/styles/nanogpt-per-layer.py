"""Per-layer sums with the weight tying noted, as nanoGPT's `get_num_params` reasons.

nanoGPT ties `transformer.wte.weight = lm_head.weight` and counts
`sum(p.numel() for p in self.parameters())`, which sees the tied matrix once. Its Block is
`ln_1`, `attn` (c_attn [d, 3d] + c_proj [d, d], both with bias), `ln_2`, `mlp` (c_fc, c_proj).
The same per-module arithmetic here, for the encoder-decoder of the contract (a decoder
block adds a cross-attention and its norm), with a fused qkv projection.
"""

import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    n_embd = d_model
    c_attn = n_embd * 3 * n_embd + 3 * n_embd  # fused q, k, v
    c_proj = n_embd * n_embd + n_embd
    attn = c_attn + c_proj
    mlp = (n_embd * d_ff + d_ff) + (d_ff * n_embd + n_embd)
    ln = n_embd + n_embd  # weight and bias

    enc_block = {"attn": attn, "mlp": mlp, "ln": 2 * ln}
    dec_block = {"attn": 2 * attn, "mlp": mlp, "ln": 3 * ln}
    sums = {k: num_layers * (enc_block[k] + dec_block[k]) for k in enc_block}

    wte = vocab_size * n_embd
    embedding = wte  # shared: wte, the target embedding and lm_head.weight are one tensor
    if not share_embeddings:
        embedding += wte + (n_embd * vocab_size + vocab_size)
    total = embedding + sums["attn"] + sums["mlp"] + sums["ln"]
    return np.array([embedding, sums["attn"], sums["mlp"], sums["ln"], total], dtype=np.int64)
