"""Hugging Face transformers' activations.py: GELUActivation's Python branch (Google BERT's
x * 0.5 * (1 + erf(x / sqrt(2)))) and NewGELUActivation (the tanh form of GPT-2 and Google
BERT). Adapted: the two nn.Module classes become plain functions, chosen by `approximate`."""

import math

import torch


def _gelu_python(input):
    return input * 0.5 * (1.0 + torch.erf(input / math.sqrt(2.0)))


def new_gelu(input):
    return (
        0.5
        * input
        * (1.0 + torch.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * torch.pow(input, 3.0))))
    )


def gelu(x, approximate="none"):
    if approximate == "tanh":
        return new_gelu(x)
    return _gelu_python(x)
