# Wrong: the score goes on the first False after the response (the EOS/pad slot), if any.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    B, T = mask.shape
    out = -kl_coef * (logp - ref_logp) * mask
    for b in range(B):
        valid = mask[b].nonzero().flatten()
        end = int(valid[-1]) + 1
        out[b, min(end, T - 1)] += rm_score[b]
    return out
