import torch.nn as nn


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        """x: [B, L, d_model] (or any [..., d_model]) -> same shape."""
        # TODO: expand to d_ff, ReLU, dropout, project back to d_model
        return x
