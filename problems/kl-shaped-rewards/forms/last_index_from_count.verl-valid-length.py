# Wrong: verl's reward_tensor[i, valid_response_length - 1], with responses starting late.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    response_mask = mask.to(logp.dtype)
    reward_tensor = torch.zeros_like(logp)
    for i in range(mask.shape[0]):
        valid_response_length = int(response_mask[i].sum())
        reward_tensor[i, valid_response_length - 1] = rm_score[i]
    kld = (logp - ref_logp) * response_mask
    return reward_tensor - kl_coef * kld
