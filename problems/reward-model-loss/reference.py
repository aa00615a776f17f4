"""Trusted reference: the pairwise (Bradley-Terry) reward-model loss of InstructGPT
(Ouyang et al. 2022, eq. 1), each answer scored by the value head at its last real token.

Matches TRL's RewardTrainer.compute_loss (chosen and rejected in one batch, split with
torch.chunk, -logsigmoid(chosen - rejected).mean()) on top of a last-token pooling.
"""

import torch
import torch.nn.functional as F


def reward_model_loss(hidden, attention_mask, v_head):
    """(mean -logsigmoid(chosen - rejected), chosen_scores [B], rejected_scores [B])."""
    rows = hidden.shape[0]  # 2B
    last = attention_mask.long().sum(dim=-1) - 1  # [2B], right padding: length - 1
    pooled = hidden[torch.arange(rows), last]  # [2B, d]
    scores = v_head(pooled).squeeze(-1)  # [2B]
    chosen, rejected = scores.chunk(2)  # [B], [B]
    loss = -F.logsigmoid(chosen - rejected).mean()  # ()
    return loss, chosen, rejected
