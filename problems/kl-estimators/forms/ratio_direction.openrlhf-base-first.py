# Wrong: compute_approx_kl called with the two log-prob tensors swapped (base first).


def compute_approx_kl(log_probs, log_probs_base, kl_estimator="k1"):
    log_ratio = log_probs.float() - log_probs_base.float()
    if kl_estimator == "k2":
        return log_ratio**2 / 2.0
    if kl_estimator == "k3":
        log_ratio = -log_ratio
        return log_ratio.exp() - 1 - log_ratio
    return log_ratio


def kl_estimators(logp, ref_logp, mask):
    action_mask = mask.float()
    out = []
    for name in ("k1", "k2", "k3"):
        kl = compute_approx_kl(ref_logp, logp, kl_estimator=name)
        out.append((kl * action_mask).sum() / action_mask.sum())
    return tuple(out)
