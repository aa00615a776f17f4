"""Adapted from Hugging Face transformers, src/transformers/models/clip/modeling_clip.py:
`contrastive_loss` and `clip_loss(similarity)`, and the tail of `CLIPModel.forward`, which
divides the embeddings by their L2 norm, builds logits_per_text first (text @ image.t()
times logit_scale.exp()) and takes logits_per_image as its transpose; the loss is called
on logits_per_text. Changed: the library's clip_loss(similarity) is renamed
similarity_loss (the entry point owns the name clip_loss), the projections and encoders are
cut, and the multiplier is clamped at 100 as the contract asks (CLIPModel does not clamp)."""

import torch
from torch import nn


def contrastive_loss(logits: torch.Tensor) -> torch.Tensor:
    return nn.functional.cross_entropy(logits, torch.arange(len(logits), device=logits.device))


def similarity_loss(similarity: torch.Tensor) -> torch.Tensor:
    caption_loss = contrastive_loss(similarity)
    image_loss = contrastive_loss(similarity.t())
    return (caption_loss + image_loss) / 2.0


def _get_vector_norm(tensor: torch.Tensor) -> torch.Tensor:
    return tensor.pow(2).sum(dim=-1, keepdim=True).sqrt()


def clip_loss(image_emb, text_emb, logit_scale):
    # normalized features
    image_embeds = image_emb / _get_vector_norm(image_emb)
    text_embeds = text_emb / _get_vector_norm(text_emb)
    # cosine similarity as logits
    logits_per_text = torch.matmul(text_embeds, image_embeds.t())
    logits_per_text = logits_per_text * logit_scale.exp().clamp(max=100)
    logits_per_image = logits_per_text.t()
    loss = similarity_loss(logits_per_text)
    return loss, logits_per_image
