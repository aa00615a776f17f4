"""Computed in float64 with F.log_softmax and F.nll_loss, the two CE directions stacked
into one call: rows of logits_per_image and rows of its transpose share the labels
arange(N); the loss and logits are cast back to float32 at the end."""

import torch
import torch.nn.functional as F


def clip_loss(image_emb, text_emb, logit_scale):
    img = F.normalize(image_emb.double(), dim=-1)
    txt = F.normalize(text_emb.double(), dim=-1)
    scale = torch.exp(logit_scale.double()).clamp(max=100.0)
    logits = scale * torch.einsum("id,jd->ij", img, txt)  # [N, N]
    n = logits.shape[0]
    both = torch.cat([logits, logits.T], dim=0)  # [2N, N]: image rows, then text rows
    labels = torch.arange(n).repeat(2)
    loss = F.nll_loss(F.log_softmax(both, dim=-1), labels)  # mean of 2N terms = average
    return loss.float(), logits.float()
