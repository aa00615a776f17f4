# Wrong: OpenRLHF's eos gather, then a loss of -sigmoid(margin) instead of -logsigmoid.
import torch


def reward_model_loss(hidden, attention_mask, v_head):
    eos_indices = attention_mask.size(1) - 1 - attention_mask.long().fliplr().argmax(1, True)
    reward = v_head(hidden).squeeze(-1).gather(dim=1, index=eos_indices).squeeze(1)
    half = reward.shape[0] // 2
    chosen_reward, reject_reward = reward[:half], reward[half:]
    loss = (-torch.sigmoid(chosen_reward - reject_reward)).mean()
    return loss, chosen_reward, reject_reward
