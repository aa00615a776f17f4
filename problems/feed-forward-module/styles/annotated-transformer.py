"""The Annotated Transformer's PositionwiseFeedForward: w_2(dropout(w_1(x).relu())).
Changes forced by the contract: w_1 and w_2 are renamed linear1 and linear2."""

import torch.nn as nn


class PositionwiseFeedForward(nn.Module):
    "Implements FFN equation."

    def __init__(self, d_model, d_ff, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(d_model, d_ff)
        self.linear2 = nn.Linear(d_ff, d_model)
        self.dropout = nn.Dropout(dropout)

    def forward(self, x):
        return self.linear2(self.dropout(self.linear1(x).relu()))


FeedForward = PositionwiseFeedForward
