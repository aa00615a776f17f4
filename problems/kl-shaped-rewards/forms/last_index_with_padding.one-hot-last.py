# Wrong: a one-hot of the last column, the same for every row, ignoring the padding.
import torch


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    T = logp.shape[1]
    last_col = torch.nn.functional.one_hot(torch.tensor(T - 1), T).to(logp.dtype)  # [T]
    kl_part = torch.where(mask, kl_coef * (ref_logp - logp), 0.0)
    return kl_part + rm_score.view(-1, 1) * last_col.view(1, -1)
