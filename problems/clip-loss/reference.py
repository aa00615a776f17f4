"""Trusted reference for clip-loss: the symmetric InfoNCE loss of CLIP (Radford et al. 2021,
Figure 3), single process.

The embeddings are L2-normalised, the cosine similarities multiplied by
exp(logit_scale) clamped at 100 (the paper's cap; open_clip clamps the parameter to ln 100
after each step), and the loss is the mean of the image->text and text->image
cross-entropies with the diagonal as the labels, as in open_clip's ClipLoss.
"""

import torch
import torch.nn.functional as F


def clip_loss(
    image_emb: torch.Tensor, text_emb: torch.Tensor, logit_scale: torch.Tensor
) -> tuple[torch.Tensor, torch.Tensor]:
    """(loss, logits_per_image [N, N]); logits_per_image[i, j] = scale * cos(image i, text j)."""
    img = F.normalize(image_emb, dim=-1)  # [N, D]
    txt = F.normalize(text_emb, dim=-1)  # [N, D]
    scale = logit_scale.exp().clamp(max=100.0)  # ()
    logits_per_image = scale * img @ txt.T  # [N, N]
    labels = torch.arange(logits_per_image.size(0))  # pair i is image i with text i
    loss_i = F.cross_entropy(logits_per_image, labels)  # each image picks its text
    loss_t = F.cross_entropy(logits_per_image.T, labels)  # each text picks its image
    return (loss_i + loss_t) / 2, logits_per_image
