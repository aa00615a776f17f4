"""Hugging Face style (BertIntermediate + BertOutput without the residual and LayerNorm):
the activation chosen by name from a small ACT2FN-like table, hidden_states as the argument,
and dropout on the hidden states with F.dropout(training=self.training).
Changes forced by the contract: dense layers are linear1/linear2, hidden_act is "relu"."""

import torch
import torch.nn.functional as F
from torch import nn

ACT2FN = {"relu": F.relu, "gelu": F.gelu, "silu": F.silu}


class FeedForward(nn.Module):
    def __init__(self, hidden_size, intermediate_size, hidden_dropout_prob=0.1, hidden_act="relu"):
        super().__init__()
        self.linear1 = nn.Linear(hidden_size, intermediate_size)
        self.intermediate_act_fn = ACT2FN[hidden_act]
        self.linear2 = nn.Linear(intermediate_size, hidden_size)
        self.dropout = nn.Dropout(hidden_dropout_prob)

    def forward(self, hidden_states: torch.Tensor) -> torch.Tensor:
        hidden_states = self.intermediate_act_fn(self.linear1(hidden_states))
        hidden_states = F.dropout(hidden_states, self.dropout.p, self.training)
        return self.linear2(hidden_states)
