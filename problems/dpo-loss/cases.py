"""Cases for dpo-loss: the default beta and others, policies close to and far from the
reference, rows where the policy equals the reference, one pair, and the margins of long
answers (hundreds of nats) where log(sigmoid(x)) is -inf."""

import torch

from graders import Case, Note, Stability

# Gradients are compared through the policy's log-probs: the reference's and the
# behaviour policy's carry none in training, and correct code may detach them.
POLICY = ("policy_chosen_logps", "policy_rejected_logps")


def _pairs(
    g: torch.Generator, batch: int, spread: float = 4.0, length: float = 200.0
) -> dict[str, torch.Tensor]:
    """Summed log-probs of a batch of pairs: the reference's between -20 and -20 - length,
    the policy's the reference's plus spread * N(+-0.75, 1), the chosen answer's raised and
    the rejected one's lowered (a policy that has learnt something), so the mean margin is
    rarely near 0 and a flipped sign shows."""

    def ref() -> torch.Tensor:
        return -20.0 - length * torch.rand(batch, generator=g)

    ref_chosen, ref_rejected = ref(), ref()
    return {
        "policy_chosen_logps": ref_chosen + spread * (torch.randn(batch, generator=g) + 0.75),
        "policy_rejected_logps": ref_rejected + spread * (torch.randn(batch, generator=g) - 0.75),
        "ref_chosen_logps": ref_chosen,
        "ref_rejected_logps": ref_rejected,
    }


def _away_from_zero(g: torch.Generator, batch: int) -> torch.Tensor:
    """Values of size 1 to 5 with random signs: log-ratios no draw makes vanish."""
    sign = torch.where(torch.rand(batch, generator=g) < 0.5, -1.0, 1.0)
    return sign * (1.0 + 4.0 * torch.rand(batch, generator=g))


def build_cases(seed: int = 0) -> list[Case]:
    """Sample and hidden cases; every input float32 [B]."""
    g = torch.Generator().manual_seed(4051 + seed)

    equal = _pairs(g, 6)
    equal["policy_chosen_logps"][::2] = equal["ref_chosen_logps"][::2]  # rows 0, 2, 4
    equal["policy_rejected_logps"][:3] = equal["ref_rejected_logps"][:3]  # rows 0, 1, 2

    one_ref_c, one_ref_r = -30.0 - 50.0 * torch.rand(2, generator=g)
    one = {
        "policy_chosen_logps": (one_ref_c + _away_from_zero(g, 1)).reshape(1),
        "policy_rejected_logps": (one_ref_r + _away_from_zero(g, 1)).reshape(1),
        "ref_chosen_logps": one_ref_c.reshape(1),
        "ref_rejected_logps": one_ref_r.reshape(1),
    }

    # Long answers: chosen and rejected log-ratios hundreds of nats apart. Row 0's margin is
    # at most -1200, so beta * margin <= -120 and sigmoid underflows to 0 in float32.
    long = _pairs(g, 5, spread=300.0, length=2000.0)
    long["policy_chosen_logps"][0] = (
        long["ref_chosen_logps"][0] - 700.0 - 300.0 * torch.rand((), generator=g)
    )
    long["policy_rejected_logps"][0] = (
        long["ref_rejected_logps"][0] + 500.0 + 300.0 * torch.rand((), generator=g)
    )

    return [
        Case(
            "B=4, beta=0.1 (default)",
            _pairs(g, 4),
            grad=True,
            grad_inputs=POLICY,
            note=Note(
                "summed log-probs of four pairs; gradients w.r.t. all four inputs checked",
                "四对回答的 logps（按 token 求和）；检查对四个输入的梯度",
            ),
        ),
        Case(
            "beta=0.5",
            {**_pairs(g, 3), "beta": 0.5},
            grad=True,
            grad_inputs=POLICY,
            note=Note("a larger beta: a sharper sigmoid", "更大的 beta：sigmoid 更陡"),
        ),
        Case("B=8, default beta", _pairs(g, 8), hidden=True, grad=True, grad_inputs=POLICY),
        Case(
            "beta=0.05",
            {**_pairs(g, 6, spread=8.0), "beta": 0.05},
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "policy equals the reference on some rows",
            equal,
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "a confident policy, beta=0.3",
            {**_pairs(g, 6, spread=15.0), "beta": 0.3},
            hidden=True,
            grad=True,
            grad_inputs=POLICY,
        ),
        Case(
            "one pair, beta=0.2", {**one, "beta": 0.2}, hidden=True, grad=True, grad_inputs=POLICY
        ),
        Case(
            "long answers: margins of hundreds of nats",
            long,
            check=Stability(),
            hidden=True,
        ),
    ]
