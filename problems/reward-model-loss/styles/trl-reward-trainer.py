"""Adapted from Hugging Face TRL, trl/trainer/reward_trainer.py, RewardTrainer.compute_loss
(read 2026-12, commit f2cd577): the collator puts the chosen ids then the rejected ids in
one right-padded batch, and the loss is `rewards_chosen, rewards_rejected =
torch.chunk(outputs.logits.squeeze(-1), chunks=2)` then
`-nn.functional.logsigmoid(rewards_chosen - rewards_rejected).mean()`.
The scores come from the pooling of transformers' LlamaForSequenceClassification.forward
(src/transformers/models/llama/modeling_llama.py): `logits = self.score(hidden_states)`,
`sequence_lengths = torch.eq(input_ids, pad_token_id).int().argmax(-1) - 1`, then
`% input_ids.shape[-1]`, then `logits[torch.arange(batch_size), sequence_lengths]`.
Changed: the first pad is found in the attention mask (its first 0) instead of in the
input ids; the `%` turns a row with no padding (argmax 0, so -1) into L - 1. No margin, no
center_rewards_coefficient, no metrics."""

import torch
from torch import nn


def reward_model_loss(hidden, attention_mask, v_head):
    hidden_states = hidden
    logits = v_head(hidden_states)  # [2B, L, 1]
    batch_size = hidden_states.shape[0]
    sequence_lengths = torch.eq(attention_mask, 0).int().argmax(-1) - 1
    sequence_lengths = sequence_lengths % attention_mask.shape[-1]
    pooled_logits = logits[torch.arange(batch_size), sequence_lengths]  # [2B, 1]

    rewards_chosen, rewards_rejected = torch.chunk(pooled_logits.squeeze(-1), chunks=2)
    loss = -nn.functional.logsigmoid(rewards_chosen - rewards_rejected).mean()
    return loss, rewards_chosen, rewards_rejected
