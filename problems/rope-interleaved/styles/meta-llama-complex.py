"""Meta's original LLaMA (facebookresearch/llama, llama/model.py): precompute_freqs_cis with
torch.polar, reshape_for_broadcast, and apply_rotary_emb through torch.view_as_complex in
float32, cast back with type_as. Adapted: one tensor instead of (xq, xk), positions along
dim -2 instead of the [B, L, H, d] layout."""

import torch


def precompute_freqs_cis(dim: int, end: int, theta: float = 10000.0):
    freqs = 1.0 / (theta ** (torch.arange(0, dim, 2)[: (dim // 2)].float() / dim))
    t = torch.arange(end, device=freqs.device)  # type: ignore
    freqs = torch.outer(t, freqs).float()  # type: ignore
    freqs_cis = torch.polar(torch.ones_like(freqs), freqs)  # complex64
    return freqs_cis


def reshape_for_broadcast(freqs_cis: torch.Tensor, x: torch.Tensor):
    ndim = x.ndim
    assert freqs_cis.shape == (x.shape[-2], x.shape[-1])
    shape = [d if i >= ndim - 2 else 1 for i, d in enumerate(x.shape)]
    return freqs_cis.view(*shape)


def apply_rope_interleaved(x, base=10000.0):
    freqs_cis = precompute_freqs_cis(x.shape[-1], x.shape[-2], base)
    x_ = torch.view_as_complex(x.float().reshape(*x.shape[:-1], -1, 2))
    freqs_cis = reshape_for_broadcast(freqs_cis, x_)
    x_out = torch.view_as_real(x_ * freqs_cis).flatten(x.ndim - 1)
    return x_out.type_as(x)
