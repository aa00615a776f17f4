"""The targets as probabilities: F.cross_entropy accepts a [N, N] matrix of class
probabilities (PyTorch 1.10 and later), and the identity matrix says "pair i is the right
answer for row i". The same identity serves the transposed logits. Cosines by
F.cosine_similarity on broadcast rows."""

import torch
import torch.nn.functional as F


def clip_loss(image_emb, text_emb, logit_scale):
    n = image_emb.size(0)
    cos = F.cosine_similarity(image_emb[:, None, :], text_emb[None, :, :], dim=-1)  # [N, N]
    logits_per_image = cos * logit_scale.exp().clamp(max=100)
    logits_per_text = logits_per_image.t()
    targets = torch.eye(n)
    loss = F.cross_entropy(logits_per_image, targets) + F.cross_entropy(logits_per_text, targets)
    return loss / 2, logits_per_image
