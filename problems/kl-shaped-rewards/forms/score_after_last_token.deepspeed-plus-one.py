# Wrong: DeepSpeed-Chat's ends = start + count + 1, so [-1] of the slice is one past the end.


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    action_mask = mask.float()
    rewards = -kl_coef * (logp - ref_logp) * action_mask
    starts = action_mask.argmax(dim=1)
    ends = starts + action_mask.sum(1).long() + 1
    for j in range(logp.shape[0]):
        rewards[j, starts[j] : ends[j]][-1] += rm_score[j]
    return rewards
