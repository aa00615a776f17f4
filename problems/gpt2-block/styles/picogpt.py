"""picoGPT's gpt2.py (numpy functions: gelu, softmax, layer_norm, linear, attention, mha,
ffn, transformer_block) written with torch tensors, with the parameters held by nn.Linear
and nn.LayerNorm modules under the contract's names and passed to the functions: heads as a
list from split, the additive causal mask (1 - tri) * -1e10, and concatenation back."""

import math

import torch
import torch.nn as nn


def gelu(x):
    return 0.5 * x * (1 + torch.tanh(math.sqrt(2 / math.pi) * (x + 0.044715 * x**3)))


def softmax(x):
    exp_x = torch.exp(x - torch.max(x, dim=-1, keepdim=True).values)
    return exp_x / torch.sum(exp_x, dim=-1, keepdim=True)


def layer_norm(x, g, b, eps: float = 1e-5):
    mean = torch.mean(x, dim=-1, keepdim=True)
    variance = torch.var(x, dim=-1, keepdim=True, unbiased=False)
    x = (x - mean) / torch.sqrt(variance + eps)
    return g * x + b


def linear(x, w, b):  # nn.Linear stores w as [n_out, n_in]
    return x @ w.T + b


def ffn(x, c_fc, c_proj):
    a = gelu(linear(x, c_fc.weight, c_fc.bias))
    return linear(a, c_proj.weight, c_proj.bias)


def attention(q, k, v, mask):
    return softmax(q @ k.transpose(-2, -1) / math.sqrt(q.shape[-1]) + mask) @ v


def mha(x, c_attn, c_proj, n_head):
    x = linear(x, c_attn.weight, c_attn.bias)
    qkv = torch.split(x, x.shape[-1] // 3, dim=-1)
    qkv_heads = [torch.split(t, t.shape[-1] // n_head, dim=-1) for t in qkv]
    n_seq = x.shape[-2]
    causal_mask = (1 - torch.tril(torch.ones(n_seq, n_seq, dtype=x.dtype))) * -1e10
    out_heads = [attention(q, k, v, causal_mask) for q, k, v in zip(*qkv_heads, strict=True)]
    x = torch.cat(out_heads, dim=-1)
    return linear(x, c_proj.weight, c_proj.bias)


class Attn(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.c_attn = nn.Linear(n_embd, 3 * n_embd)
        self.c_proj = nn.Linear(n_embd, n_embd)


class Mlp(nn.Module):
    def __init__(self, n_embd):
        super().__init__()
        self.c_fc = nn.Linear(n_embd, 4 * n_embd)
        self.c_proj = nn.Linear(4 * n_embd, n_embd)


class GPT2Block(nn.Module):
    def __init__(self, d_model, num_heads):
        super().__init__()
        self.n_head = num_heads
        self.ln_1, self.attn = nn.LayerNorm(d_model), Attn(d_model)
        self.ln_2, self.mlp = nn.LayerNorm(d_model), Mlp(d_model)

    def forward(self, x):
        ln_1, ln_2 = self.ln_1, self.ln_2
        x = x + mha(layer_norm(x, ln_1.weight, ln_1.bias), **self.attn._modules, n_head=self.n_head)
        x = x + ffn(layer_norm(x, ln_2.weight, ln_2.bias), **self.mlp._modules)
        return x
