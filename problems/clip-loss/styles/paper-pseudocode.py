"""CLIP's numpy-like pseudocode (Radford et al. 2021, Figure 3) written line for line in
torch: l2_normalize(..., axis=1), logits = np.dot(I_e, T_e.T) * np.exp(t), labels =
np.arange(n), loss_i over axis 0 and loss_t over axis 1, averaged. The encoders and the
projections W_i, W_t are cut (the embeddings arrive projected), np.exp(t) is capped at 100
as the paper's text says, and cross_entropy_loss(logits, labels, axis) is spelled out: the
mean negative log-softmax along `axis` at the label's position."""

import torch


def l2_normalize(x, axis):
    return x / torch.linalg.vector_norm(x, dim=axis, keepdim=True)


def cross_entropy_loss(logits, labels, axis):
    log_p = logits - torch.logsumexp(logits, dim=axis, keepdim=True)
    if axis == 0:  # column j: text j's softmax over the images, read at row labels[j]
        picked = log_p[labels, torch.arange(logits.shape[1])]
    else:  # row i: the softmax over row i, read at column labels[i]
        picked = log_p[torch.arange(logits.shape[0]), labels]
    return -picked.mean()


def clip_loss(image_emb, text_emb, logit_scale):
    I_e = l2_normalize(image_emb, axis=1)  # [n, d_e]
    T_e = l2_normalize(text_emb, axis=1)  # [n, d_e]
    t = logit_scale
    # scaled pairwise cosine similarities [n, n]
    logits = torch.matmul(I_e, T_e.T) * torch.exp(t).clamp(max=100)
    # symmetric loss function
    n = logits.shape[0]
    labels = torch.arange(n)
    loss_i = cross_entropy_loss(logits, labels, axis=0)
    loss_t = cross_entropy_loss(logits, labels, axis=1)
    loss = (loss_i + loss_t) / 2
    return loss, logits
