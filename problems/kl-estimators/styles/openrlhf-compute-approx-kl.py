"""Adapted from OpenRLHF, openrlhf/models/utils.py (read 2026-12): compute_approx_kl with its
kl_estimator switch ("k1": log_probs - log_probs_base; "k2": log_ratio**2 / 2.0; "k3":
log_ratio = -log_ratio, then log_ratio.exp() - 1 - log_ratio) and masked_mean(tensor, mask,
dim=None) from the same file. Changed: the three estimators are returned together, each
reduced with masked_mean over the whole batch (OpenRLHF averages per sample for logging)."""


def compute_approx_kl(log_probs, log_probs_base, kl_estimator="k1"):
    if kl_estimator == "k1":
        log_ratio = log_probs.float() - log_probs_base.float()

    if kl_estimator == "k2":
        log_ratio = log_probs.float() - log_probs_base.float()
        log_ratio = log_ratio**2 / 2.0

    if kl_estimator == "k3":
        log_ratio = log_probs.float() - log_probs_base.float()
        log_ratio = -log_ratio
        log_ratio = log_ratio.exp() - 1 - log_ratio

    return log_ratio


def masked_mean(tensor, mask, dim=None):
    if mask is None:
        return tensor.mean(dim=dim)
    return (tensor * mask).sum(dim=dim) / mask.sum(dim=dim)


def kl_estimators(logp, ref_logp, mask):
    action_mask = mask.float()
    return tuple(
        masked_mean(compute_approx_kl(logp, ref_logp, kl_estimator=name), action_mask)
        for name in ("k1", "k2", "k3")
    )
