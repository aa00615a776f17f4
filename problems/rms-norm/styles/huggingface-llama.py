"""Hugging Face transformers' LlamaRMSNorm (models/llama/modeling_llama.py): the epsilon is
called variance_epsilon, the statistics are taken in float32 and the result is cast back to
the input dtype before the gain. Adapted: hidden_size renamed d_model, default eps 1e-6."""

import torch
from torch import nn


class LlamaRMSNorm(nn.Module):
    def __init__(self, hidden_size, eps=1e-6):
        super().__init__()
        self.weight = nn.Parameter(torch.ones(hidden_size))
        self.variance_epsilon = eps

    def forward(self, hidden_states):
        input_dtype = hidden_states.dtype
        hidden_states = hidden_states.to(torch.float32)
        variance = hidden_states.pow(2).mean(-1, keepdim=True)
        hidden_states = hidden_states * torch.rsqrt(variance + self.variance_epsilon)
        return self.weight * hidden_states.to(input_dtype)


RMSNorm = LlamaRMSNorm
