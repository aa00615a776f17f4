"""A nested parameter tree, as Flax/JAX models hold their params, counted by recursion.

Flax keeps parameters in nested dicts (`params["encoder"]["layer_0"]["attention"]["query"]
["kernel"]`) and people count them with `sum(x.size for x in jax.tree_util.tree_leaves(p))`.
Here the leaves are shape tuples and the walk is hand-written; Flax's Dense calls its
weight `kernel` ([in, out]) and LayerNorm its parameters `scale` and `bias`.
"""

import math

import numpy as np


def dense(n_in, n_out):
    return {"kernel": (n_in, n_out), "bias": (n_out,)}


def leaves(tree):
    if isinstance(tree, dict):
        for value in tree.values():
            yield from leaves(value)
    else:
        yield tree


def size(tree):
    return sum(math.prod(shape) for shape in leaves(tree))


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    def mha():
        return {name: dense(d_model, d_model) for name in ("query", "key", "value", "out")}

    def mlp():
        return {"wi": dense(d_model, d_ff), "wo": dense(d_ff, d_model)}

    def ln():
        return {"scale": (d_model,), "bias": (d_model,)}

    params = {
        "encoder": {
            f"layer_{i}": {"attention": mha(), "mlp": mlp(), "ln_0": ln(), "ln_1": ln()}
            for i in range(num_layers)
        },
        "decoder": {
            f"layer_{i}": {
                "self_attention": mha(),
                "cross_attention": mha(),
                "mlp": mlp(),
                "ln_0": ln(),
                "ln_1": ln(),
                "ln_2": ln(),
            }
            for i in range(num_layers)
        },
    }
    if share_embeddings:
        params["embed"] = {"embedding": (vocab_size, d_model)}  # attend() reuses it for logits
    else:
        params["embed"] = {
            "source": (vocab_size, d_model),
            "target": (vocab_size, d_model),
            "logits": dense(d_model, vocab_size),
        }

    layers = [*params["encoder"].values(), *params["decoder"].values()]
    attention = sum(size(v) for layer in layers for k, v in layer.items() if "attention" in k)
    feed_forward = sum(size(layer["mlp"]) for layer in layers)
    layer_norm = sum(size(v) for layer in layers for k, v in layer.items() if k.startswith("ln"))
    embedding = size(params["embed"])
    return np.array([embedding, attention, feed_forward, layer_norm, size(params)], dtype=np.int64)
