"""Adapted from DeepSpeed-Chat, applications/DeepSpeed-Chat/dschat/rlhf/ppo_trainer.py,
DeepSpeedPPOTrainer.compute_rewards (read 2026-12): kl_divergence_estimate = -self.kl_ctl *
(log_probs - ref_log_probs), then for j in range(batch_size): rewards[j, start:ends[j]][-1] +=
reward_clip[j]. Changed: DeepSpeed-Chat has one start for the batch (prompts.shape[1] - 1)
and ends = start + action_mask[:, start:].sum(1) + 1, which lands one past the response
(deepspeedai/DeepSpeedExamples#888); here each row has its own start, the first True, and
ends = start + count, so [-1] is the last response token. The KL estimate is masked and the
score is not clipped."""


def shape_rewards(rm_score, logp, ref_logp, mask, kl_coef=0.1):
    action_mask = mask.to(logp.dtype)
    kl_divergence_estimate = -kl_coef * (logp - ref_logp) * action_mask
    rewards = kl_divergence_estimate
    starts = action_mask.argmax(dim=1)  # first response token of each row
    ends = starts + action_mask.sum(1).long()
    batch_size = logp.shape[0]
    for j in range(batch_size):
        rewards[j, starts[j] : ends[j]][-1] += rm_score[j]
    return rewards
