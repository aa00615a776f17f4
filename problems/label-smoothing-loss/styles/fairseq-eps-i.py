"""fairseq's label_smoothed_nll_loss (summed nll and smooth losses over non-pad tokens, then
divided by the token count). fairseq uses eps_i = epsilon / (V - 1) with weight
(1 - epsilon - eps_i) on nll, i.e. eps / (V - 1) on the other classes only; adapted to
PyTorch's distribution: eps_i = epsilon / V and weight (1 - epsilon) on nll."""

import torch


def label_smoothed_nll_loss(lprobs, target, epsilon, ignore_index):
    pad_mask = target.eq(ignore_index)
    safe = target.masked_fill(pad_mask, 0).unsqueeze(-1)
    nll_loss = -lprobs.gather(dim=-1, index=safe).squeeze(-1)
    smooth_loss = -lprobs.sum(dim=-1)
    nll_loss = nll_loss.masked_fill(pad_mask, 0.0).sum()
    smooth_loss = smooth_loss.masked_fill(pad_mask, 0.0).sum()
    eps_i = epsilon / lprobs.size(-1)
    loss = (1.0 - epsilon) * nll_loss + eps_i * smooth_loss
    return loss, (~pad_mask).sum()


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    lprobs = torch.log_softmax(logits, dim=-1)
    loss, n_tokens = label_smoothed_nll_loss(lprobs, targets, smoothing, ignore_index)
    return loss / n_tokens
