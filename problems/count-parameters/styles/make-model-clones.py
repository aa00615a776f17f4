"""Counting objects assembled like the Annotated Transformer's `make_model`.

The Annotated Transformer builds `EncoderDecoder(Encoder(EncoderLayer(d_model, c(attn),
c(ff), dropout), N), Decoder(DecoderLayer(...), N), ...)` with `c = copy.deepcopy` and
`clones(module, N)`. Here each "module" only knows its own parameter count and its children;
the tree is assembled the same way and summed recursively. Adapted to the contract: no
final norm after the stacks, sinusoidal positions, and the generator tied when shared.
"""

import copy

import numpy as np


class Part:
    def __init__(self, kind, own=0, children=()):
        self.kind = kind
        self.own = own
        self.children = list(children)

    def count(self, kind=None):
        mine = self.own if kind in (None, self.kind) else 0
        return mine + sum(child.count(kind) for child in self.children)


def clones(part, n):
    return [copy.deepcopy(part) for _ in range(n)]


def Linear(n_in, n_out, bias=True):
    return Part("linear", n_in * n_out + (n_out if bias else 0))


def count_parameters(vocab_size, d_model, num_heads, d_ff, num_layers, share_embeddings=True):
    c = copy.deepcopy
    attn = Part("attention", children=[Part("attention", Linear(d_model, d_model).own)] * 4)
    ff = Part(
        "ffn",
        children=[Part("ffn", Linear(d_model, d_ff).own), Part("ffn", Linear(d_ff, d_model).own)],
    )
    norm = Part("norm", 2 * d_model)

    encoder_layer = Part("layer", children=[c(attn), c(ff), *clones(norm, 2)])
    decoder_layer = Part("layer", children=[c(attn), c(attn), c(ff), *clones(norm, 3)])
    encoder = Part("stack", children=clones(encoder_layer, num_layers))
    decoder = Part("stack", children=clones(decoder_layer, num_layers))

    if share_embeddings:
        embeddings = [Part("embedding", vocab_size * d_model)]  # src = tgt = generator
    else:
        embeddings = [
            Part("embedding", vocab_size * d_model),
            Part("embedding", vocab_size * d_model),
            Part("embedding", Linear(d_model, vocab_size).own),  # generator
        ]
    model = Part("model", children=[encoder, decoder, *embeddings])

    counts = [model.count(k) for k in ("embedding", "attention", "ffn", "norm")]
    return np.array([*counts, model.count()], dtype=np.int64)
