# Wrong: nanmean along the tokens of each row, then nanmean over the rows.
import torch


def kl_estimators(logp, ref_logp, mask):
    lr = logp - ref_logp
    nan = torch.full_like(lr, float("nan"))
    out = []
    for k in (lr, lr**2 / 2, torch.exp(-lr) - 1 + lr):
        per_row = torch.where(mask, k, nan).nanmean(dim=1)
        out.append(per_row.nanmean())
    return tuple(out)
