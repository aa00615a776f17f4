# Wrong: torch.outer for the angles, then [sin | cos] concatenated.

import torch
import torch.nn as nn


class TransformerEmbedding(nn.Module):
    def __init__(self, vocab_size, d_model, max_len=5000, dropout=0.1):
        super().__init__()
        self.embed = nn.Embedding(vocab_size, d_model)
        self.dropout = nn.Dropout(dropout)
        inv_freq = 1.0 / (10000 ** (torch.arange(0, d_model, 2).float() / d_model))
        angles = torch.outer(torch.arange(max_len).float(), inv_freq)
        self.register_buffer(
            "pe", torch.cat((angles.sin(), angles.cos()), dim=-1), persistent=False
        )
        self.d_model = d_model

    def forward(self, tokens):
        emb = self.embed(tokens) * self.d_model**0.5
        return self.dropout(emb + self.pe[: tokens.shape[-1]].unsqueeze(0))
