"""Known mistakes in the DPO loss."""

import torch
import torch.nn.functional as F


def dpo_reference_missing(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    # The reference log-probs are never used: rewards of beta * log pi, not of the ratio.
    logits = beta * (policy_chosen_logps - policy_rejected_logps)
    chosen_rewards = (beta * policy_chosen_logps).detach()
    rejected_rewards = (beta * policy_rejected_logps).detach()
    return -F.logsigmoid(logits).mean(), chosen_rewards, rejected_rewards


def dpo_reference_missing_in_loss(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    # The rewards are right, but the loss's margin leaves the reference out.
    logits = beta * (policy_chosen_logps - policy_rejected_logps)
    chosen_rewards = (beta * (policy_chosen_logps - ref_chosen_logps)).detach()
    rejected_rewards = (beta * (policy_rejected_logps - ref_rejected_logps)).detach()
    return -F.logsigmoid(logits).mean(), chosen_rewards, rejected_rewards


def dpo_sign_swapped(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    # Chosen and rejected swapped in the margin: the loss pushes towards the rejected answer.
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    logits = beta * (rejected - chosen)
    return -F.logsigmoid(logits).mean(), (beta * chosen).detach(), (beta * rejected).detach()


def dpo_beta_outside(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    # beta multiplies the loss instead of the margin inside the sigmoid.
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    loss = -beta * F.logsigmoid(chosen - rejected).mean()
    return loss, (beta * chosen).detach(), (beta * rejected).detach()


def dpo_log_of_sigmoid_unstable(
    policy_chosen_logps, policy_rejected_logps, ref_chosen_logps, ref_rejected_logps, beta=0.1
):
    # log(sigmoid(x)): sigmoid underflows to 0 below about x = -104 in float32, log gives -inf.
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    loss = -torch.log(torch.sigmoid(beta * (chosen - rejected))).mean()
    return loss, (beta * chosen).detach(), (beta * rejected).detach()


MISTAKES = {
    # The reference left out everywhere, or only in the loss's margin.
    "dpo_reference_missing": [dpo_reference_missing, dpo_reference_missing_in_loss],
    "dpo_sign_swapped": dpo_sign_swapped,
    "dpo_beta_outside": dpo_beta_outside,
    "dpo_log_of_sigmoid_unstable": dpo_log_of_sigmoid_unstable,
}

MESSAGES = {
    "dpo_reference_missing": {
        "en": "Your loss never uses the reference log-probs: the margin is "
        "beta * (log pi(chosen) - log pi(rejected)). DPO's implicit reward is a log-ratio "
        "against the frozen reference, beta * (log pi - log pi_ref); without it nothing keeps "
        "the policy close to the reference. Subtract ref_chosen_logps and ref_rejected_logps "
        "in the margin (and in the rewards).",
        "zh": "你的损失完全没有用参考模型的 logps：margin 写成了 beta * (log pi(chosen) - "
        "log pi(rejected))。DPO 的隐式奖励是相对冻结参考模型的对数比 beta * (log pi - "
        "log pi_ref)，少了它就没有东西把策略拉在参考模型附近。要减去 ref_chosen_logps 和 "
        "ref_rejected_logps（奖励里也一样）。",
    },
    "dpo_sign_swapped": {
        "en": "Your margin has the wrong sign: you compute (rejected log-ratio - chosen "
        "log-ratio), so minimising the loss makes the rejected answer more likely. The "
        "sigmoid's argument is beta * ((log pi - log pi_ref)(chosen) - (log pi - "
        "log pi_ref)(rejected)).",
        "zh": "你的 margin 符号反了：算成了 rejected 的对数比减 chosen 的对数比，"
        "最小化这个损失反而让 rejected 回答的概率变大。sigmoid 里应当是 beta * "
        "(chosen 的 (log pi - log pi_ref) - rejected 的 (log pi - log pi_ref))。",
    },
    "dpo_beta_outside": {
        "en": "You multiply the loss by beta (-beta * logsigmoid(margin)) instead of scaling "
        "the margin inside the sigmoid. beta is the temperature of the Bradley-Terry model: "
        "it must sit inside, -logsigmoid(beta * margin); outside it only rescales the "
        "gradient and the loss saturates at the wrong margins.",
        "zh": "你把 beta 乘在了损失外面（-beta * logsigmoid(margin)），而不是在 sigmoid 里面缩放 "
        "margin。beta 是 Bradley-Terry 模型的温度，必须放在里面：-logsigmoid(beta * margin)；"
        "放在外面只是把梯度整体缩小，饱和点也完全不对。",
    },
    "dpo_log_of_sigmoid_unstable": {
        "en": "You took log(sigmoid(x)) (or log(1 + exp(-x)) by hand). For a margin below "
        "about -104 sigmoid is 0 in float32 and the loss is inf, and summed log-probs of "
        "long answers reach such margins. Use F.logsigmoid(x) (or -F.softplus(-x)).",
        "zh": "你用的是 log(sigmoid(x))（或手写 log(1 + exp(-x))）。margin 低于约 -104 时，"
        "float32 下 sigmoid 就是 0，损失变成 inf；长回答的 logps 求和后完全可能到这个量级。"
        "请用 F.logsigmoid(x)（或 -F.softplus(-x)）。",
    },
}
