"""Boolean indexing: keep only the valid tokens as one flat vector, then plain means. The
ratio r = pi_ref / pi is formed first, as in Schulman's note (k1 = -log r, k2 = (log r)^2 / 2,
k3 = (r - 1) - log r)."""


def kl_estimators(logp, ref_logp, mask):
    log_r = (ref_logp - logp)[mask]  # [N], log(pi_ref / pi) of the N valid tokens
    r = log_r.exp()
    return (-log_r).mean(), (log_r**2 / 2).mean(), ((r - 1) - log_r).mean()
