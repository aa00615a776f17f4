"""minGPT's NewGELU (karpathy/minGPT, mingpt/model.py), "currently used in the Google BERT
repo (identical to OpenAI GPT)": the tanh form written with math.sqrt(2.0 / math.pi).
Adapted: the module's forward becomes the tanh branch of a function, and the exact branch
uses torch.erf as the GELU paper defines it."""

import math

import torch
import torch.nn as nn


class NewGELU(nn.Module):
    def forward(self, x):
        return (
            0.5
            * x
            * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * torch.pow(x, 3.0))))
        )


_new_gelu = NewGELU()


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return _new_gelu(x)
    return 0.5 * x * (1.0 + torch.erf(x / math.sqrt(2.0)))
