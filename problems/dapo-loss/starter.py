def dapo_loss(logp, old_logp, advantages, mask, eps_low=0.2, eps_high=0.28):
    """The DAPO policy loss for one batch of sampled responses.

    logp, old_logp: float32 [B, T], log-probabilities of the sampled tokens under the
        current policy and the policy that sampled them
    advantages: float32 [B], one advantage per response
    mask: bool [B, T], True at the response's real tokens (at least one in the batch)
    eps_low, eps_high: the clip range is [1 - eps_low, 1 + eps_high]
    Returns: a 0-d float tensor, differentiable with respect to logp.
    """
    # TODO: the ratio exp(logp - old_logp), clipped to [1 - eps_low, 1 + eps_high]
    # TODO: the surrogate min(ratio * A, clipped * A), A broadcast over the tokens
    # TODO: minus the sum over all valid tokens, divided by the number of valid tokens
    return logp.sum() * 0.0
