# Wrong: HF's "no pad_token_id" branch, sequence_lengths = -1 for every row.
import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    logits = v_head(hidden)
    sequence_lengths = -1
    pooled_logits = logits[torch.arange(hidden.shape[0]), sequence_lengths]
    chosen, rejected = pooled_logits.squeeze(-1).chunk(2)
    return F.softplus(rejected - chosen).mean(), chosen, rejected
