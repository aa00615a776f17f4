"""Adapted from OpenRLHF (read 2026-12, commit 3c3be62): openrlhf/models/model.py,
the RewardModel built by _get_reward_model (`eos_indices = attention_mask.size(1) - 1 -
attention_mask.long().fliplr().argmax(dim=1, keepdim=True)`, `values =
value_head(last_hidden_states).squeeze(-1)`, `reward = values.gather(dim=1,
index=eos_indices).squeeze(1)`), the split of RewardModelTrainer.concatenated_forward
(openrlhf/trainer/rm_trainer.py: the first half of the batch is chosen) and PairWiseLoss
(openrlhf/models/loss.py, `-F.logsigmoid(chosen_reward - reject_reward)`, `.mean()`).
Changed: the backbone is gone (its last hidden states are the input), no packing, ring
attention or reward normalisation, no margin. The fliplr trick finds the last 1 of the
mask, so it works for left padding too."""

import torch.nn.functional as F


def pairwise_loss(chosen_reward, reject_reward):
    loss = -F.logsigmoid(chosen_reward - reject_reward)
    return loss.mean()


def reward_model_loss(hidden, attention_mask, v_head):
    last_hidden_states = hidden
    eos_indices = (
        attention_mask.size(1) - 1 - attention_mask.long().fliplr().argmax(dim=1, keepdim=True)
    )
    values = v_head(last_hidden_states).squeeze(-1)  # [2B, L]
    reward = values.gather(dim=1, index=eos_indices).squeeze(1)  # [2B]

    half = hidden.shape[0] // 2
    chosen_reward, reject_reward = reward[:half], reward[half:]
    return pairwise_loss(chosen_reward, reject_reward), chosen_reward, reject_reward
