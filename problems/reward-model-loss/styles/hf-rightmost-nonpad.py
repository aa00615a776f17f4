"""Adapted from the newer pooling of Hugging Face transformers' sequence-classification
heads, src/transformers/modeling_layers.py,
GenericForSequenceClassification.forward (read 2026-12): `non_pad_mask = (input_ids !=
pad_token_id).to(torch.int32)`, `token_indices = torch.arange(input_ids.shape[-1])`,
`last_non_pad_token = (token_indices * non_pad_mask).argmax(-1)`, then
`logits[torch.arange(batch_size), last_non_pad_token]`. Changed: the non-pad mask is the
attention mask itself; the pair split and loss are TRL's RewardTrainer's. The largest
index times its mask is the rightmost real token, for left or right padding."""

import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    non_pad_mask = attention_mask.to(torch.int32)
    token_indices = torch.arange(hidden.shape[1], dtype=torch.int32)
    last_non_pad_token = (token_indices * non_pad_mask).argmax(-1)
    logits = v_head(hidden)  # [2B, L, 1]
    pooled_logits = logits[torch.arange(hidden.shape[0]), last_non_pad_token].squeeze(-1)
    chosen, rejected = pooled_logits.chunk(2)
    return -F.logsigmoid(chosen - rejected).mean(), chosen, rejected
