# Wrong: k2 as an MSE between the log-probs, F.mse_loss-style, with no factor 1/2.


def kl_estimators(logp, ref_logp, mask):
    w = mask.to(logp.dtype)
    n = w.sum()
    diff = logp - ref_logp
    mse = ((logp - ref_logp).pow(2) * w).sum() / n
    k3 = ((ref_logp - logp).exp() - (ref_logp - logp) - 1) * w
    return (diff * w).sum() / n, mse, k3.sum() / n
