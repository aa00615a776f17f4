"""Cases for GAE: a rollout cut off mid-episode (the bootstrap value counts), episode ends
in the middle and at the last step, several and back-to-back episodes, lam=0 (one-step TD
errors), lam=1 (discounted returns minus the baseline), gamma=1, an RLHF-style response with
its reward on the last token, and T=1. Everything is float64.

The value of the state after a done (values[t + 1]) is the first state of the next episode:
an ordinary, nonzero number, so bootstrapping through the done is always visible. The
bootstrap value values[T] is kept away from 0 for the same reason.
"""

import numpy as np

from graders import Case, Note


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases."""
    rng = np.random.default_rng(4211 + seed)

    def rollout(steps: int, done_at=(), **keywords) -> dict:
        values = rng.normal(size=steps + 1)
        values[steps] = rng.choice([-1.0, 1.0]) * (2.0 + rng.random())  # bootstrap V(s_T)
        dones = np.zeros(steps)
        dones[list(done_at)] = 1.0
        return {"rewards": rng.normal(size=steps), "values": values, "dones": dones, **keywords}

    several = sorted(rng.choice(np.arange(1, 13), size=3, replace=False).tolist())
    response = rollout(8, done_at=[7], gamma=1.0)
    response["rewards"] = -0.05 * rng.random(8)  # per-token KL penalty
    response["rewards"][7] += rng.normal() * 2.0  # the reward model's score on the last token
    return [
        Case(
            "T=5, no episode end",
            rollout(5),
            note=Note(
                "the rollout stops mid-episode: values[5] is the bootstrap value",
                "rollout 在回合中途截断：values[5] 是用来 bootstrap 的价值",
            ),
        ),
        Case(
            "T=6, an episode ends at step 2",
            rollout(6, done_at=[2]),
            note=Note(
                "dones[2] = 1: neither V(s_3) nor the advantages after step 2 flow back into "
                "steps 0-2",
                "dones[2] = 1：V(s_3) 和第 2 步之后的优势都不能传回第 0-2 步",
            ),
        ),
        Case("T=16, several episodes", rollout(16, done_at=several), hidden=True),
        Case("done at step 3 and at the last step", rollout(9, done_at=[3, 8]), hidden=True),
        Case("lam=0: one-step TD errors", rollout(7, done_at=[4], lam=0.0), hidden=True),
        Case(
            "lam=1: discounted returns minus the baseline",
            rollout(8, done_at=[2], lam=1.0),
            hidden=True,
        ),
        Case("gamma=1, lam=0.9", rollout(10, done_at=[5], gamma=1.0, lam=0.9), hidden=True),
        Case("RLHF-style response, reward on the last token, gamma=1", response, hidden=True),
        Case("back-to-back one-step episodes", rollout(8, done_at=[1, 2, 4, 5]), hidden=True),
        Case("T=1, not done", rollout(1), hidden=True),
        Case("T=1, done", rollout(1, done_at=[0]), hidden=True),
    ]
