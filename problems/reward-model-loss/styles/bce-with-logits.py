"""The pairwise loss as a binary classification: the label "chosen wins" is 1 for every
pair and the logit is the score difference, so binary_cross_entropy_with_logits (stable
by construction) gives -log sigmoid(diff). The last token is picked with a one-hot of the
position where the mask goes from 1 to 0."""

import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    m = attention_mask.bool()
    after = torch.zeros_like(m)
    after[:, :-1] = m[:, 1:]
    is_last = (m & ~after).to(hidden.dtype)  # [2B, L], one 1 per row
    pooled = torch.einsum("rl,rld->rd", is_last, hidden)  # [2B, d]
    scores = v_head(pooled)[:, 0]
    b = scores.numel() // 2
    chosen, rejected = scores[:b], scores[b:]
    diff = chosen - rejected
    loss = F.binary_cross_entropy_with_logits(diff, torch.ones_like(diff))
    return loss, chosen, rejected
