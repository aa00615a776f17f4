# Wrong: in the loop the score is added at every valid position.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    B, T = logp.shape
    out = torch.zeros_like(logp)
    for b in range(B):
        for t in range(T):
            if mask[b, t]:
                out[b, t] = rm_score[b] - kl_coef * (logp[b, t] - ref_logp[b, t])
    return out
