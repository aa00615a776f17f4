# Wrong: the score is broadcast onto every response token instead of the last one.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    m = mask.float()
    kl = logp - ref_logp
    return (rm_score[:, None] - kl_coef * kl) * m
