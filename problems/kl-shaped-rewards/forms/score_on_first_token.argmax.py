# Wrong: mask.long().argmax(1) is the first True of the row, not the last.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    rewards = -kl_coef * (logp - ref_logp) * mask.float()
    eos = mask.long().argmax(dim=1, keepdim=True)
    return rewards.scatter_add(1, eos, rm_score.unsqueeze(1))
