"""d2l.ai's PositionWiseFFN: dense1, nn.ReLU() as a module, dense2, with the argument names
ffn_num_hiddens / ffn_num_outputs. Changes forced by the contract: dense1/dense2 become
linear1/linear2, the input size is given (no LazyLinear), and a dropout sits on the hidden layer."""

from torch import nn


class PositionWiseFFN(nn.Module):
    """The positionwise feed-forward network."""

    def __init__(self, ffn_num_outputs, ffn_num_hiddens, dropout=0.1):
        super().__init__()
        self.linear1 = nn.Linear(ffn_num_outputs, ffn_num_hiddens)
        self.relu = nn.ReLU()
        self.dropout = nn.Dropout(dropout)
        self.linear2 = nn.Linear(ffn_num_hiddens, ffn_num_outputs)

    def forward(self, X):
        return self.linear2(self.dropout(self.relu(self.linear1(X))))


FeedForward = PositionWiseFFN
