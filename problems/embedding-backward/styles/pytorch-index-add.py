"""PyTorch's `embedding_dense_backward_cpu` (aten/src/ATen/native/Embedding.cpp; read
2026-12): grad = grad_.contiguous().view({numel, grad_.size(-1)}), grad_weight =
zeros({num_weights, d}), and for each i with indices[i] != padding_idx,
grad_weight[k].add_(grad[i]).

Changed: torch tensors from the numpy inputs; the per-index add_ loop is one
grad_weight.index_add_(0, indices, grad) over the non-padding positions (index_add_
accumulates repeated indices); scale_grad_by_freq is left out; converted back to numpy."""

import torch


def embedding_backward(ids, grad_out, vocab_size, padding_idx=None):
    indices = torch.from_numpy(ids).reshape(-1)
    grad_ = torch.from_numpy(grad_out)
    numel = indices.numel()
    grad = grad_.contiguous().view(numel, grad_.size(-1))
    grad_weight = torch.zeros(vocab_size, grad_.size(-1), dtype=grad_.dtype)
    if padding_idx is not None:
        keep = indices != padding_idx
        indices, grad = indices[keep], grad[keep]
    grad_weight.index_add_(0, indices, grad)
    return grad_weight.numpy()
