"""A compact version: the three steps as local calls with an in-place ReLU (relu_), as in
older fairseq and torchvision code, and `dim` names for the sizes."""

import torch.nn as nn


class FeedForward(nn.Module):
    def __init__(self, dim, hidden_dim, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(dim, hidden_dim)
        self.linear2 = nn.Linear(hidden_dim, dim)
        self.dropout = nn.Dropout(p=dropout)

    def forward(self, x):
        h = self.linear1(x)
        h.relu_()
        return self.linear2(self.dropout(h))
