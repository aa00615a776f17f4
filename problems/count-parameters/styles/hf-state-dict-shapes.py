"""A state_dict of shapes, keyed the way Hugging Face's BART/Marian checkpoints are.

Hugging Face encoder-decoder models name their weights `model.encoder.layers.0.self_attn.
q_proj.weight`, `...fc1.weight`, `...self_attn_layer_norm.weight`, keep the tied embedding
once as `model.shared.weight` and report `model.num_parameters()` over unique tensors. Here
the same names map to shapes (no weights are made), tied names point at one key, and each
group is summed with np.prod; adapted to the contract: no final layer norms, no learned
positions, a bias on every linear.
"""

import numpy as np


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    shapes = {}

    def linear(prefix, n_in, n_out, bias=True):
        shapes[f"{prefix}.weight"] = (n_out, n_in)
        if bias:
            shapes[f"{prefix}.bias"] = (n_out,)

    def attention(prefix):
        for proj in ("q_proj", "k_proj", "v_proj", "out_proj"):
            linear(f"{prefix}.{proj}", d_model, d_model)

    def layer_norm(prefix):
        shapes[f"{prefix}.weight"] = (d_model,)
        shapes[f"{prefix}.bias"] = (d_model,)

    if share_embeddings:
        shapes["model.shared.weight"] = (vocab_size, d_model)  # also embed_tokens and lm_head
    else:
        shapes["model.encoder.embed_tokens.weight"] = (vocab_size, d_model)
        shapes["model.decoder.embed_tokens.weight"] = (vocab_size, d_model)
        linear("lm_head", d_model, vocab_size)

    for i in range(num_layers):
        p = f"model.encoder.layers.{i}"
        attention(f"{p}.self_attn")
        layer_norm(f"{p}.self_attn_layer_norm")
        linear(f"{p}.fc1", d_model, d_ff)
        linear(f"{p}.fc2", d_ff, d_model)
        layer_norm(f"{p}.final_layer_norm")
    for i in range(num_layers):
        p = f"model.decoder.layers.{i}"
        attention(f"{p}.self_attn")
        layer_norm(f"{p}.self_attn_layer_norm")
        attention(f"{p}.encoder_attn")
        layer_norm(f"{p}.encoder_attn_layer_norm")
        linear(f"{p}.fc1", d_model, d_ff)
        linear(f"{p}.fc2", d_ff, d_model)
        layer_norm(f"{p}.final_layer_norm")

    def numel(select):
        return sum(int(np.prod(s)) for name, s in shapes.items() if select(name))

    embedding = numel(lambda n: "shared" in n or "embed_tokens" in n or n.startswith("lm_head"))
    attention_total = numel(lambda n: "_attn." in n)
    feed_forward = numel(lambda n: ".fc1." in n or ".fc2." in n)
    layer_norm_total = numel(lambda n: "layer_norm" in n)
    total = numel(lambda n: True)
    return np.array(
        [embedding, attention_total, feed_forward, layer_norm_total, total], dtype=np.int64
    )
