"""d2l.ai's dropout_layer from scratch (chapter "Dropout"): the special cases dropout == 1
and dropout == 0, then mask * X / (1.0 - dropout); here the mask comes from the case
instead of torch.rand(X.shape) > dropout, and eval mode skips the layer as d2l's net does
when it is not training."""

import torch


def dropout_layer(X: torch.Tensor, mask: torch.Tensor, dropout: float) -> torch.Tensor:
    assert 0 <= dropout <= 1
    if dropout == 1:
        return torch.zeros_like(X)
    if dropout == 0:
        return X
    return mask.float() * X / (1.0 - dropout)


def inverted_dropout(x, keep_mask, p, training=True):
    if training:
        return dropout_layer(x, keep_mask, p).to(x.dtype)
    return x
