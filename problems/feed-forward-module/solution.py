import torch
import torch.nn as nn


class FeedForward(nn.Module):
    """Position-wise FFN: the same two-layer MLP applied to every token on its own."""

    def __init__(self, d_model: int, d_ff: int, dropout: float = 0.1):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)  # expand, usually d_ff = 4 * d_model
        self.linear2 = nn.Linear(d_ff, d_model)  # project back so the residual add fits
        self.dropout = nn.Dropout(dropout)

    def forward(self, x: torch.Tensor) -> torch.Tensor:
        hidden = torch.relu(self.linear1(x))  # [..., d_ff]; nn.Linear acts on the last dim
        return self.linear2(self.dropout(hidden))  # [..., d_model]; no residual here
