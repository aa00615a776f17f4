import torch


def clip_loss(image_emb, text_emb, logit_scale):
    """CLIP's symmetric contrastive loss over a batch of N (image, text) pairs.

    image_emb, text_emb: float32 [N, D], not normalised; row i of each is pair i.
    logit_scale: float32 0-d tensor, log of the inverse temperature.
    Returns (loss: 0-d tensor, logits_per_image: [N, N]).
    """
    n = image_emb.shape[0]
    # TODO: L2-normalise both embeddings along D
    # TODO: scale = exp(logit_scale), clamped to at most 100
    # TODO: logits_per_image = scale * img @ txt.T
    # TODO: cross-entropy with labels arange(N), over rows and over columns, averaged
    return torch.zeros(()), torch.zeros(n, n)
