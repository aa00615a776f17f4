"""Hugging Face BERT's BertOutput ("dense -> dropout -> LayerNorm(hidden_states + input_tensor)"),
the post-LN add & norm, next to GPT-2's pre-LN block (`residual = hidden_states;
hidden_states = ln_2(hidden_states); ...; hidden_states = residual + feed_forward`). Changes
forced by the contract: BERT's intermediate/output Linear layers become the `ffn` Sequential
and LayerNorm is `norm`; the two models' wirings are picked by `pre_norm`."""

import torch
from torch import nn


class SublayerConnection(nn.Module):
    def __init__(self, d_model, d_ff, pre_norm=False, dropout=0.1):
        super().__init__()
        self.pre_norm = pre_norm
        self.norm = nn.LayerNorm(d_model, eps=1e-5)
        self.ffn = nn.Sequential(
            nn.Linear(d_model, d_ff), nn.ReLU(), nn.Dropout(dropout), nn.Linear(d_ff, d_model)
        )
        self.dropout = nn.Dropout(dropout)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        if self.pre_norm:  # GPT-2 style
            residual = hidden_states
            hidden_states = self.norm(hidden_states)
            feed_forward_hidden_states = self.ffn(hidden_states)
            hidden_states = residual + self.dropout(feed_forward_hidden_states)
            return hidden_states
        # BERT style: BertOutput.forward(hidden_states, input_tensor)
        input_tensor = hidden_states
        hidden_states = self.ffn(hidden_states)
        hidden_states = self.dropout(hidden_states)
        hidden_states = self.norm(hidden_states + input_tensor)
        return hidden_states
