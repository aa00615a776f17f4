import torch
import torch.nn.functional as F


def clip_loss(image_emb, text_emb, logit_scale):
    # Cosine similarity: put every embedding on the unit sphere first.
    img = F.normalize(image_emb, dim=-1)  # [N, D]
    txt = F.normalize(text_emb, dim=-1)  # [N, D]
    # logit_scale is log(1 / temperature); the multiplier is capped at 100.
    scale = logit_scale.exp().clamp(max=100.0)
    logits_per_image = scale * img @ txt.T  # [N, N]: row i = image i against every text
    # Pair i is (image i, text i): the right answer of row i, and of column i, is i.
    labels = torch.arange(logits_per_image.size(0))
    loss_i2t = F.cross_entropy(logits_per_image, labels)  # softmax over the texts
    loss_t2i = F.cross_entropy(logits_per_image.T, labels)  # softmax over the images
    return (loss_i2t + loss_t2i) / 2, logits_per_image
