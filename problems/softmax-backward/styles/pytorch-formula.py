"""PyTorch's softmax backward kernel (_softmax_backward_data) computes
grad_input = output * (grad_output - sum(grad_output * output, dim, keepdim=True)); the same
formula written with torch tensors and converted back to numpy."""

import torch


def softmax_backward(y, grad_y, axis=-1):
    out = torch.from_numpy(y)
    grad_out = torch.from_numpy(grad_y)
    grad_in = out * (grad_out - (grad_out * out).sum(dim=axis, keepdim=True))
    return grad_in.numpy()
