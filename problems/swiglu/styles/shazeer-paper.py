"""The formula of Shazeer's "GLU Variants Improve Transformer" (2020),
FFN_SwiGLU(x, W, V, W2) = (Swish_1(xW) * xV) W2, as a helper taking the paper's matrices
([in, out], so the nn.Linear weights are transposed), with Swish_1(z) = z * sigmoid(z)."""

import torch
import torch.nn as nn


def ffn_swiglu(x, W, V, W2):
    xW = x @ W
    swish = xW * torch.sigmoid(xW)
    return (swish * (x @ V)) @ W2


class SwiGLU(nn.Module):
    def __init__(self, d_model, d_ff):
        super().__init__()
        self.w1 = nn.Linear(d_model, d_ff, bias=False)
        self.w3 = nn.Linear(d_model, d_ff, bias=False)
        self.w2 = nn.Linear(d_ff, d_model, bias=False)

    def forward(self, x):
        return ffn_swiglu(x, self.w1.weight.t(), self.w3.weight.t(), self.w2.weight.t())
