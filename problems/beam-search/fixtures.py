"""The model `beam-search` hands your code: a tiny causal decoder with fixed weights.

Not the reference: it only turns (src, ys) into logits, the way a trained seq2seq model
would. Each case builds one from its own weights, as `toy_decoder(**data)`.
"""

import torch
from torch import nn


class ToyDecoder(nn.Module):
    """logits[:, i] depends on src and ys[:, : i + 1] only (causal), and on nothing of the
    other rows of the batch.

    The state at position i is the mean of the token embeddings up to i, plus a summary of
    the source (the mean of its embeddings), plus a sinusoid of the position, through tanh;
    a projection gives the logits. `bias` keeps the pad and start tokens out of reach, and
    `growth` raises the end token's logit a little at every position, so sequences end.
    """

    def __init__(self, embed, src_embed, freq, phase, out, bias, growth):
        super().__init__()
        self.register_buffer("embed", embed)  # [V, d]
        self.register_buffer("src_embed", src_embed)  # [Vs, d]
        self.register_buffer("freq", freq)  # [d]
        self.register_buffer("phase", phase)  # [d]
        self.register_buffer("out", out)  # [d, V]
        self.register_buffer("bias", bias)  # [V]
        self.register_buffer("growth", growth)  # [V]

    def forward(self, src: torch.Tensor, ys: torch.Tensor) -> torch.Tensor:
        """src: int [B, Ls], ys: int [B, t] -> logits float64 [B, t, V]."""
        t = ys.shape[1]
        position = torch.arange(t, dtype=self.embed.dtype)  # [t]
        tokens = self.embed[ys.long()]  # [B, t, d]
        prefix = tokens.cumsum(dim=1) / (position + 1)[:, None]  # [B, t, d], causal mean
        ids = src.long().remainder(self.src_embed.shape[0])  # any integer is a source token
        source = self.src_embed[ids].mean(dim=1, keepdim=True)  # [B, 1, d]
        wave = torch.sin(position[:, None] * self.freq + self.phase)  # [t, d]
        state = torch.tanh(prefix + source + wave)  # [B, t, d]
        return state @ self.out + self.bias + position[:, None] * self.growth  # [B, t, V]


def toy_decoder(embed, src_embed, freq, phase, out, bias, growth):
    """The model of one case, from its weights (float64 tensors)."""
    return ToyDecoder(embed, src_embed, freq, phase, out, bias, growth).eval()
