# Wrong: token_level_scores filled with the score on the whole response, not only its end.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    response_mask = mask.to(logp.dtype)
    token_level_scores = rm_score.unsqueeze(-1).expand_as(logp) * response_mask
    kld = (logp - ref_logp) * response_mask
    return token_level_scores - kl_coef * kld
