# Wrong: averages OpenRLHF-style per-token values over the mask instead of gathering at eos.
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    values = v_head(hidden).squeeze(-1)  # [2B, L]
    mask = attention_mask.float()
    reward = (values * mask).sum(dim=1) / mask.sum(dim=1)
    half = reward.shape[0] // 2
    chosen_reward, reject_reward = reward[:half], reward[half:]
    return -F.logsigmoid(chosen_reward - reject_reward).mean(), chosen_reward, reject_reward
