"""Cross-entropy written out: for a row, -log softmax at the label is logsumexp(row) minus
the label's logit, so each direction is mean(logsumexp) - mean(diagonal). The embeddings
are normalised with rsqrt of the squared norm; torch.logsumexp keeps exp from overflowing
when the multiplier is 100."""

import torch


def clip_loss(image_emb, text_emb, logit_scale):
    img = image_emb * image_emb.pow(2).sum(-1, keepdim=True).rsqrt()
    txt = text_emb * text_emb.pow(2).sum(-1, keepdim=True).rsqrt()
    logits = torch.minimum(logit_scale.exp(), torch.tensor(100.0)) * (img @ txt.T)
    positives = logits.diagonal()  # [N]: image i with text i
    image_to_text = torch.logsumexp(logits, dim=1) - positives  # row i over all texts
    text_to_image = torch.logsumexp(logits, dim=0) - positives  # column i over all images
    return 0.5 * (image_to_text.mean() + text_to_image.mean()), logits
