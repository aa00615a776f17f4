# Wrong: masks the one-hot targets, then divides by B * L.
import torch
import torch.nn.functional as F


def cross_entropy_with_padding(logits, targets, ignore_index=0):
    B, L, V = logits.shape
    one_hot = F.one_hot(targets, V).to(logits.dtype)
    one_hot = one_hot * (targets != ignore_index).unsqueeze(-1)
    log_probs = F.log_softmax(logits, dim=-1)
    return -torch.einsum("blv,blv->", one_hot, log_probs) / (B * L)
