"""Dropout as a custom torch.autograd.Function with its backward written out, the way the
follow-up "what is dropout's gradient?" is answered: the gradient passes through the kept
entries with the same 1 / (1 - p) factor and is zero at the dropped ones."""

import torch


class _InvertedDropout(torch.autograd.Function):
    @staticmethod
    def forward(ctx, x, keep_mask, p):  # noqa: ANN001, ANN205
        scale = keep_mask.to(x.dtype) / (1.0 - p)
        ctx.save_for_backward(scale)
        return x * scale

    @staticmethod
    def backward(ctx, grad_out):  # noqa: ANN001, ANN205
        (scale,) = ctx.saved_tensors
        return grad_out * scale, None, None


def inverted_dropout(x, keep_mask, p, training=True):
    if not training:
        return x
    return _InvertedDropout.apply(x, keep_mask, p)
