def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    """The GRPO loss for one batch of sampled completions.

    logp, old_logp, ref_logp: float32 [B, T], log-probabilities of the sampled tokens under
        the current, the sampling (old) and the reference policy
    advantages: float32 [B], one advantage per completion
    mask: bool [B, T], True at the completion's real tokens
    clip_eps: the PPO clip range; beta: the weight of the KL penalty
    Returns: a 0-d float tensor, differentiable with respect to logp.
    """
    # TODO: the ratio exp(logp - old_logp) and PPO's clipped surrogate (take the min)
    # TODO: the k3 KL estimate against ref_logp, per token
    # TODO: per-token loss -(surrogate - beta * kl)
    # TODO: average each row over its valid tokens, then over the rows that have one
    return logp.sum() * 0.0
