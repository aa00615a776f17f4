"""Known mistakes in GAE. Each variant keeps everything else of the contract right."""

import numpy as np


def _gae(
    rewards, values, dones, gamma, lam, *, forward=False, mask_delta=True, mask_recursion=True
):
    steps = len(rewards)
    alive = 1.0 - np.asarray(dones, dtype=np.float64)
    delta = rewards + gamma * values[1:] * (alive if mask_delta else 1.0) - values[:-1]
    carry = gamma * lam * (alive if mask_recursion else np.ones(steps))
    advantages = np.zeros(steps)
    last = 0.0
    for t in range(steps) if forward else reversed(range(steps)):
        last = delta[t] + carry[t] * last
        advantages[t] = last
    return advantages


def gae_forward_loop(rewards, values, dones, gamma=0.99, lam=0.95):
    advantages = _gae(rewards, values, dones, gamma, lam, forward=True)
    return advantages, advantages + values[:-1]


def bootstrap_through_done(rewards, values, dones, gamma=0.99, lam=0.95):
    advantages = _gae(rewards, values, dones, gamma, lam, mask_delta=False, mask_recursion=False)
    return advantages, advantages + values[:-1]


def gae_recursion_crosses_done(rewards, values, dones, gamma=0.99, lam=0.95):
    advantages = _gae(rewards, values, dones, gamma, lam, mask_recursion=False)
    return advantages, advantages + values[:-1]


def gae_bootstrap_crosses_done(rewards, values, dones, gamma=0.99, lam=0.95):
    advantages = _gae(rewards, values, dones, gamma, lam, mask_delta=False)
    return advantages, advantages + values[:-1]


def returns_are_discounted_rewards(rewards, values, dones, gamma=0.99, lam=0.95):
    advantages = _gae(rewards, values, dones, gamma, lam)
    returns = np.zeros(len(rewards))
    running = 0.0  # discounted sum of the rewards still to come, no bootstrap value
    for t in reversed(range(len(rewards))):
        running = rewards[t] + gamma * (1.0 - dones[t]) * running
        returns[t] = running
    return advantages, returns


MISTAKES = {
    "gae_forward_loop": gae_forward_loop,
    "bootstrap_through_done": bootstrap_through_done,
    "gae_recursion_crosses_done": gae_recursion_crosses_done,
    "gae_bootstrap_crosses_done": gae_bootstrap_crosses_done,
    "returns_are_discounted_rewards": returns_are_discounted_rewards,
}

MESSAGES = {
    "gae_forward_loop": {
        "en": "Your loop runs forwards in time, so A_t is built from A_{t-1}, the past. The "
        "advantage of step t sums the TD errors that come after it: "
        "A_t = delta_t + gamma * lam * (1 - d_t) * A_{t+1}, so iterate t from T - 1 down to 0.",
        "zh": "你的循环是按时间正向跑的，A_t 用的是 A_{t-1}，也就是过去的信息。"
        "第 t 步的优势累加的是它之后的 TD 误差：A_t = delta_t + gamma * lam * (1 - d_t) * A_{t+1}，"
        "所以 t 要从 T - 1 倒着走到 0。",
    },
    "bootstrap_through_done": {
        "en": "You never use dones: at an episode end you still bootstrap from V_{t+1} (the first "
        "state of the next episode) and carry the next episode's advantages back. Multiply both "
        "gamma * V_{t+1} and gamma * lam * A_{t+1} by (1 - d_t).",
        "zh": "你完全没用 dones：回合结束时仍然用 V_{t+1}（下一个回合的第一个状态）做 bootstrap，"
        "还把下一个回合的优势传了回来。gamma * V_{t+1} 和 gamma * lam * A_{t+1} "
        "都要乘上 (1 - d_t)。",
    },
    "gae_recursion_crosses_done": {
        "en": "Your TD error stops at the episode end, but the recursion does not: "
        "A_t = delta_t + gamma * lam * A_{t+1} carries the next episode's advantages into this "
        "one. Reset it too: gamma * lam * (1 - d_t) * A_{t+1}.",
        "zh": "你的 TD 误差在回合结束处截断了，递推却没有：A_t = delta_t + gamma * lam * A_{t+1} "
        "把下一个回合的优势带进了这个回合。递推也要重置：gamma * lam * (1 - d_t) * A_{t+1}。",
    },
    "gae_bootstrap_crosses_done": {
        "en": "Your recursion resets at the episode end, but the TD error still bootstraps from "
        "V_{t+1}, the value of the next episode's first state. At a done the TD error is "
        "r_t - V_t: use gamma * V_{t+1} * (1 - d_t).",
        "zh": "你的递推在回合结束处重置了，但 TD 误差仍然用 V_{t+1}（下一个回合第一个状态的价值）"
        "做 bootstrap。回合结束时 TD 误差是 r_t - V_t：要写成 gamma * V_{t+1} * (1 - d_t)。",
    },
    "returns_are_discounted_rewards": {
        "en": "Your returns are discounted sums of the rewards, without the bootstrap value and "
        "without lambda. The value targets that go with GAE are returns = advantages + V[:T] "
        "(the TD(lambda) returns); they equal discounted rewards only for lam = 1 on an episode "
        "that ends inside the rollout.",
        "zh": "你的 returns 是奖励的折扣累加，既没有 bootstrap 价值，也没有 lambda。"
        "和 GAE 配套的价值目标是 returns = advantages + V[:T]（即 TD(lambda) 回报）；"
        "只有 lam = 1 且回合在 rollout 内结束时，它才等于奖励的折扣和。",
    },
}
