"""The diagonal of a log-softmax, taken along each axis in turn, as in Sachin Abeywardana's
"Simple Implementation of OpenAI CLIP" (sachinruk.github.io, 2021), which the comment in
Hugging Face's modeling_clip.py credits: contrastive_loss(logits, dim) =
-diag(log_softmax(logits, dim)).mean(), once with dim=0 and once with dim=1. Changed: the
model around it is cut and the normalisation and temperature are done here."""

import torch
import torch.nn.functional as F


def contrastive_loss(logits: torch.Tensor, dim: int) -> torch.Tensor:
    neg_ce = torch.diag(F.log_softmax(logits, dim=dim))
    return -neg_ce.mean()


def clip_loss(image_emb, text_emb, logit_scale):
    image_embed = F.normalize(image_emb, p=2, dim=1)
    caption_embed = F.normalize(text_emb, p=2, dim=1)
    similarity = image_embed @ caption_embed.T * torch.clamp(logit_scale.exp(), max=100)
    caption_loss = contrastive_loss(similarity, dim=0)
    image_loss = contrastive_loss(similarity, dim=1)
    return (caption_loss + image_loss) / 2.0, similarity
