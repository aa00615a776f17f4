import torch


def inverted_dropout(
    x: torch.Tensor, keep_mask: torch.Tensor, p: float, training: bool = True
) -> torch.Tensor:
    # At inference nothing is dropped and, thanks to the rescaling below, nothing needs
    # to be scaled either: the layer is the identity.
    if not training:
        return x
    # Each entry survives with probability 1 - p. Dividing the survivors by 1 - p keeps
    # E[output] = x, so the next layer sees the same scale in training and in eval.
    return x * keep_mask / (1 - p)
