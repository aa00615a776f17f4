# Wrong: a helper Sequential built from the contract's layers, the activation left out.
import torch.nn as nn


class FeedForward(nn.Module):
    def __init__(self, d_model, d_ff, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.dropout = nn.Dropout(dropout)
        self.linear2 = nn.Linear(d_ff, d_model)

    def forward(self, x):
        out = x
        for layer in (self.linear1, self.dropout, self.linear2):
            out = layer(out)
        return out
