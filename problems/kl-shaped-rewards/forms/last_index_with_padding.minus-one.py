# Wrong: rewards[:, -1] += score, as for fixed-length responses; padded rows get it on padding.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    rewards = -kl_coef * (logp - ref_logp) * mask.float()
    rewards[:, -1] += rm_score
    return rewards
