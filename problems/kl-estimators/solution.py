import torch


def kl_estimators(logp, ref_logp, mask):
    # log(pi / pi_ref) of each sampled token; the tokens were sampled from pi.
    log_ratio = logp - ref_logp  # [B, T]
    k1 = log_ratio  # unbiased, but negative whenever pi_ref likes the token more
    k2 = 0.5 * log_ratio**2  # never negative, low variance, biased
    # k3 = (r - 1) - log r with r = pi_ref / pi = exp(-log_ratio): unbiased and >= 0.
    k3 = torch.exp(-log_ratio) - 1 + log_ratio

    m = mask.float()
    n = m.sum()  # the number of valid tokens in the whole batch (at least one)
    return (k1 * m).sum() / n, (k2 * m).sum() / n, (k3 * m).sum() / n
