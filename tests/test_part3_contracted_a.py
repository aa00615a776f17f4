"""Independently written submissions for seven alignment/training problems (issue 28).

For each problem: two correct submissions in different styles, which must be accepted, and
one wrong submission per listed mistake, which must be rejected and diagnosed with exactly
that tag. None of them is derived from the bank's own solutions, styles or mistakes.
"""

import pytest

from app.bank import Bank
from app.judge.grade import grade_submission
from app.sandbox.pool import SandboxPool
from graders.result import Verdict

# ---------------------------------------------------------------------------------------
# sequence-logprobs
# ---------------------------------------------------------------------------------------

SEQ_LOGPROBS = {
    # TRL style: shift, log_softmax over the vocabulary, gather the labels, masked sum.
    "accept-gather": """
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    labels = input_ids[:, 1:].clone()
    mask = loss_mask[:, 1:]
    logps = logits[:, :-1, :].log_softmax(-1)
    per_token = torch.gather(logps, dim=2, index=labels.unsqueeze(2)).squeeze(2)
    total = (per_token * mask).sum(-1)
    if average:
        return total / mask.sum(-1).clamp(min=1)
    return total
""",
    # Sparse style: only the counted positions, picked with nonzero, scattered with index_add.
    "accept-index-add": """
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    B = logits.shape[0]
    rows, cols = torch.nonzero(loss_mask[:, 1:], as_tuple=True)
    lp = torch.log_softmax(logits[rows, cols], dim=-1)  # position t predicts token t + 1
    picked = lp[torch.arange(rows.numel()), input_ids[rows, cols + 1]]
    out = torch.zeros(B, dtype=logits.dtype).index_add(0, rows, picked)
    if average:
        out = out / torch.bincount(rows, minlength=B).clamp(min=1)
    return out
""",
    # Mistake: token t is read from logits[:, t] (no shift at all).
    "logprobs_not_shifted": """
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    lp = torch.log_softmax(logits, dim=-1)
    tok = lp.gather(-1, input_ids.unsqueeze(-1)).squeeze(-1)
    m = loss_mask.float()
    s = (tok * m).sum(dim=1)
    return s / m.sum(dim=1).clamp(min=1) if average else s
""",
    # Mistake: logits and tokens shifted, the mask left unshifted.
    "mask_not_shifted": """
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    lp = torch.log_softmax(logits[:, :-1], dim=-1)
    tok = lp.gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    m = loss_mask[:, :-1].float()
    s = (tok * m).sum(dim=1)
    return s / m.sum(dim=1).clamp(min=1) if average else s
""",
    # Mistake: log(softmax(x)) instead of log_softmax.
    "log_of_softmax_unstable": """
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    probs = torch.softmax(logits[:, :-1], dim=-1)
    lp = torch.log(probs).gather(-1, input_ids[:, 1:].unsqueeze(-1)).squeeze(-1)
    m = loss_mask[:, 1:].float()
    s = (lp * m).sum(dim=1)
    return s / m.sum(dim=1).clamp(min=1) if average else s
""",
}

# ---------------------------------------------------------------------------------------
# dpo-loss
# ---------------------------------------------------------------------------------------

DPO = {
    # Per-answer log-ratios first, softplus(-z) for -logsigmoid(z).
    "accept-softplus": """
import torch.nn.functional as F


def dpo_loss(policy_chosen_logps, policy_rejected_logps, ref_chosen_logps,
             ref_rejected_logps, beta=0.1):
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    loss = F.softplus(-beta * (chosen - rejected)).mean()
    return loss, (beta * chosen).detach(), (beta * rejected).detach()
""",
    # As TRL writes it: pi_logratios - ref_logratios, then -logsigmoid.
    "accept-trl-logratios": """
import torch.nn.functional as F


def dpo_loss(policy_chosen_logps, policy_rejected_logps, ref_chosen_logps,
             ref_rejected_logps, beta=0.1):
    pi_logratios = policy_chosen_logps - policy_rejected_logps
    ref_logratios = ref_chosen_logps - ref_rejected_logps
    logits = pi_logratios - ref_logratios
    losses = -F.logsigmoid(beta * logits)
    chosen_rewards = beta * (policy_chosen_logps - ref_chosen_logps).detach()
    rejected_rewards = beta * (policy_rejected_logps - ref_rejected_logps).detach()
    return losses.mean(), chosen_rewards, rejected_rewards
""",
    # Mistake: the reference model is never used (loss and rewards on the policy alone).
    "dpo_reference_missing": """
import torch.nn.functional as F


def dpo_loss(policy_chosen_logps, policy_rejected_logps, ref_chosen_logps,
             ref_rejected_logps, beta=0.1):
    margin = policy_chosen_logps - policy_rejected_logps
    loss = -F.logsigmoid(beta * margin).mean()
    return loss, beta * policy_chosen_logps.detach(), beta * policy_rejected_logps.detach()
""",
    # Mistake: margin is rejected minus chosen.
    "dpo_sign_swapped": """
import torch.nn.functional as F


def dpo_loss(policy_chosen_logps, policy_rejected_logps, ref_chosen_logps,
             ref_rejected_logps, beta=0.1):
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    loss = -F.logsigmoid(beta * (rejected - chosen)).mean()
    return loss, (beta * chosen).detach(), (beta * rejected).detach()
""",
    # Mistake: beta weights the loss instead of scaling the margin inside the sigmoid.
    "dpo_beta_outside": """
import torch.nn.functional as F


def dpo_loss(policy_chosen_logps, policy_rejected_logps, ref_chosen_logps,
             ref_rejected_logps, beta=0.1):
    chosen = policy_chosen_logps - ref_chosen_logps
    rejected = policy_rejected_logps - ref_rejected_logps
    loss = (-beta * F.logsigmoid(chosen - rejected)).mean()
    return loss, (beta * chosen).detach(), (beta * rejected).detach()
""",
}

# ---------------------------------------------------------------------------------------
# grpo-advantages
# ---------------------------------------------------------------------------------------

GRPO_ADV = {
    # unflatten + std_mean in one call.
    "accept-std-mean": """
import torch


def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    groups = rewards.unflatten(0, (-1, group_size))
    std, mean = torch.std_mean(groups, dim=-1, keepdim=True)
    adv = groups - mean
    if scale:
        adv = adv / (std + eps)
    return adv.reshape(-1)
""",
    # As TRL's GRPOTrainer writes it: group stats repeated back with repeat_interleave.
    "accept-trl-repeat-interleave": """
def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    mean_grouped_rewards = rewards.view(-1, group_size).mean(dim=1)
    std_grouped_rewards = rewards.view(-1, group_size).std(dim=1)
    mean_grouped_rewards = mean_grouped_rewards.repeat_interleave(group_size, dim=0)
    std_grouped_rewards = std_grouped_rewards.repeat_interleave(group_size, dim=0)
    advantages = rewards - mean_grouped_rewards
    if scale:
        advantages = advantages / (std_grouped_rewards + eps)
    return advantages
""",
    # Mistake: one mean and std over the whole batch.
    "normalised_over_batch": """
def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    centred = rewards - rewards.mean()
    if not scale:
        return centred
    return centred / (rewards.std() + eps)
""",
    # Mistake: groups taken as every N-th reward (view(G, N), reduce over dim 0).
    "group_strided": """
def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    table = rewards.view(group_size, -1)
    adv = table - table.mean(dim=0)
    if scale:
        adv = adv / (table.std(dim=0) + eps)
    return adv.flatten()
""",
    # Mistake: divides by the std without eps.
    "std_without_eps": """
def grpo_advantages(rewards, group_size, scale=True, eps=1e-4):
    g = rewards.view(-1, group_size)
    adv = g - g.mean(dim=1, keepdim=True)
    if scale:
        adv = adv / g.std(dim=1, keepdim=True)
    return adv.view(-1)
""",
}

# ---------------------------------------------------------------------------------------
# grpo-loss
# ---------------------------------------------------------------------------------------

GRPO_LOSS = {
    # TRL-like names (coef_1 / coef_2), masked sums, then the mean over rows with tokens.
    "accept-trl-names": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    coef_1 = torch.exp(logp - old_logp)
    coef_2 = torch.clamp(coef_1, 1 - clip_eps, 1 + clip_eps)
    adv = advantages.unsqueeze(1)
    per_token_loss = -torch.min(coef_1 * adv, coef_2 * adv)
    x = ref_logp - logp
    per_token_loss = per_token_loss + beta * (torch.exp(x) - x - 1)
    m = mask.to(logp.dtype)
    n = m.sum(dim=1)
    per_seq = (per_token_loss * m).sum(dim=1) / n.clamp(min=1)
    valid = n > 0
    if not valid.any():
        return logp.sum() * 0.0
    return per_seq[valid].mean()
""",
    # Row by row on the boolean-selected tokens, max of the negated surrogates.
    "accept-row-loop": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    rows = []
    for i in range(logp.shape[0]):
        m = mask[i]
        if not m.any():
            continue
        lp, olp, rlp = logp[i][m], old_logp[i][m], ref_logp[i][m]
        a = advantages[i]
        ratio = (lp - olp).exp()
        pg = torch.max(-a * ratio, -a * ratio.clamp(1 - clip_eps, 1 + clip_eps))
        x = rlp - lp
        rows.append((pg + beta * (x.exp() - x - 1)).mean())
    if not rows:
        return logp.sum() * 0.0
    return torch.stack(rows).mean()
""",
    # Mistake: max of the two objectives instead of min.
    "clip_max_instead_of_min": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    A = advantages[:, None]
    surr = torch.max(ratio * A, ratio.clamp(1 - clip_eps, 1 + clip_eps) * A)
    x = ref_logp - logp
    tok = -(surr - beta * (x.exp() - x - 1))
    m = mask.float()
    n = m.sum(-1)
    per_row = (tok * m).sum(-1) / n.clamp(min=1)
    keep = n > 0
    return per_row[keep].mean() if keep.any() else logp.sum() * 0
""",
    # Mistake: k1 estimator logp - ref_logp as the KL term.
    "kl_estimator_wrong": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    A = advantages[:, None]
    surr = torch.min(ratio * A, ratio.clamp(1 - clip_eps, 1 + clip_eps) * A)
    kl = logp - ref_logp
    tok = -(surr - beta * kl)
    m = mask.float()
    n = m.sum(-1)
    per_row = (tok * m).sum(-1) / n.clamp(min=1)
    keep = n > 0
    return per_row[keep].mean() if keep.any() else logp.sum() * 0
""",
    # Mistake: padding zeroed, the masked sum divided by all B * T positions.
    "padding_in_mean": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    A = advantages[:, None]
    surr = torch.min(ratio * A, ratio.clamp(1 - clip_eps, 1 + clip_eps) * A)
    x = ref_logp - logp
    tok = -(surr - beta * (x.exp() - x - 1))
    return (tok * mask).sum() / mask.numel()
""",
    # Mistake: padding zeroed, each row divided by T (masked_fill then .mean(dim=1)); the
    # rows with no valid token are still left out of the outer mean, as the contract says.
    "padding_in_mean:per-row-T": """
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    ratio = torch.exp(logp - old_logp)
    A = advantages[:, None]
    surr = torch.min(ratio * A, ratio.clamp(1 - clip_eps, 1 + clip_eps) * A)
    x = ref_logp - logp
    tok = -(surr - beta * (x.exp() - x - 1))
    per_row = tok.masked_fill(~mask, 0.0).mean(dim=1)
    keep = mask.any(dim=1)
    return per_row[keep].mean() if keep.any() else logp.sum() * 0
""",
}

# ---------------------------------------------------------------------------------------
# ppo-clip-loss
# ---------------------------------------------------------------------------------------

PPO = {
    # As CleanRL writes it: negated surrogates, max, masked sums over the mask's count.
    "accept-cleanrl": """
import torch


def ppo_losses(logp, old_logp, advantages, values, old_values, returns, mask,
               clip_eps=0.2, value_clip=0.2):
    m = mask.float()
    n = m.sum()
    ratio = (logp - old_logp).exp()
    pg_loss1 = -advantages * ratio
    pg_loss2 = -advantages * torch.clamp(ratio, 1 - clip_eps, 1 + clip_eps)
    pg_loss = (torch.max(pg_loss1, pg_loss2) * m).sum() / n
    v_loss_unclipped = (values - returns) ** 2
    v_clipped = old_values + torch.clamp(values - old_values, -value_clip, value_clip)
    v_loss_clipped = (v_clipped - returns) ** 2
    v_loss = 0.5 * (torch.max(v_loss_unclipped, v_loss_clipped) * m).sum() / n
    clipfrac = (((ratio - 1.0).abs() > clip_eps).float() * m).sum() / n
    return pg_loss, v_loss, clipfrac
""",
    # Boolean indexing first, then plain means on the flat selected tokens.
    "accept-boolean-index": """
import torch


def ppo_losses(logp, old_logp, advantages, values, old_values, returns, mask,
               clip_eps=0.2, value_clip=0.2):
    lp, olp, adv = logp[mask], old_logp[mask], advantages[mask]
    v, ov, ret = values[mask], old_values[mask], returns[mask]
    r = torch.exp(lp - olp)
    surrogate = torch.minimum(r * adv, r.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    policy_loss = -surrogate.mean()
    v_clip = ov + (v - ov).clamp(-value_clip, value_clip)
    value_loss = 0.5 * torch.maximum((v - ret).square(), (v_clip - ret).square()).mean()
    clip_fraction = ((r - 1).abs() > clip_eps).float().mean()
    return policy_loss, value_loss, clip_fraction
""",
    # Mistake: the log-ratio used as the ratio (no exp).
    "ratio_not_exponentiated": """
import torch


def ppo_losses(logp, old_logp, advantages, values, old_values, returns, mask,
               clip_eps=0.2, value_clip=0.2):
    lp, olp, adv = logp[mask], old_logp[mask], advantages[mask]
    v, ov, ret = values[mask], old_values[mask], returns[mask]
    r = lp - olp
    surrogate = torch.minimum(r * adv, r.clamp(1 - clip_eps, 1 + clip_eps) * adv)
    v_clip = ov + (v - ov).clamp(-value_clip, value_clip)
    value_loss = 0.5 * torch.maximum((v - ret) ** 2, (v_clip - ret) ** 2).mean()
    clip_fraction = ((r - 1).abs() > clip_eps).float().mean()
    return -surrogate.mean(), value_loss, clip_fraction
""",
    # Mistake: the advantage is clamped to [1 - eps, 1 + eps] instead of the ratio.
    "advantage_clipped": """
import torch


def ppo_losses(logp, old_logp, advantages, values, old_values, returns, mask,
               clip_eps=0.2, value_clip=0.2):
    lp, olp, adv = logp[mask], old_logp[mask], advantages[mask]
    v, ov, ret = values[mask], old_values[mask], returns[mask]
    r = torch.exp(lp - olp)
    surrogate = torch.minimum(r * adv, r * adv.clamp(1 - clip_eps, 1 + clip_eps))
    v_clip = ov + (v - ov).clamp(-value_clip, value_clip)
    value_loss = 0.5 * torch.maximum((v - ret) ** 2, (v_clip - ret) ** 2).mean()
    clip_fraction = ((r - 1).abs() > clip_eps).float().mean()
    return -surrogate.mean(), value_loss, clip_fraction
""",
    # Mistake: min of the negated surrogates (i.e. max of the objectives).
    "clip_max_instead_of_min": """
import torch


def ppo_losses(logp, old_logp, advantages, values, old_values, returns, mask,
               clip_eps=0.2, value_clip=0.2):
    m = mask.float()
    n = m.sum()
    ratio = (logp - old_logp).exp()
    pg = torch.min(-advantages * ratio, -advantages * ratio.clamp(1 - clip_eps, 1 + clip_eps))
    v_clipped = old_values + (values - old_values).clamp(-value_clip, value_clip)
    v_err = torch.max((values - returns) ** 2, (v_clipped - returns) ** 2)
    clipped = ((ratio - 1).abs() > clip_eps).float()
    return (pg * m).sum() / n, 0.5 * (v_err * m).sum() / n, (clipped * m).sum() / n
""",
}

# ---------------------------------------------------------------------------------------
# gae
# ---------------------------------------------------------------------------------------

GAE = {
    # As CleanRL writes it: backwards loop with a running lastgaelam.
    "accept-cleanrl-loop": """
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    advantages = np.zeros(T)
    lastgaelam = 0.0
    for t in reversed(range(T)):
        nextnonterminal = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * nextnonterminal - values[t]
        lastgaelam = delta + gamma * lam * nextnonterminal * lastgaelam
        advantages[t] = lastgaelam
    return advantages, advantages + values[:T]
""",
    # Vectorised: a triangular matrix of cumulative discount products times the TD errors.
    "accept-discount-matrix": """
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    r, v, d = (np.asarray(a, dtype=np.float64) for a in (rewards, values, dones))
    T = r.shape[0]
    alive = 1.0 - d
    deltas = r + gamma * alive * v[1:] - v[:-1]
    # step s of row t carries gamma * lam * (1 - d[s - 1]) for s > t
    c = np.concatenate(([1.0], gamma * lam * alive[:-1]))
    later = np.arange(T)[None, :] > np.arange(T)[:, None]
    weights = np.triu(np.cumprod(np.where(later, c[None, :], 1.0), axis=1))
    adv = weights @ deltas
    return adv, adv + v[:-1]
""",
    # Mistake: the recursion runs forwards in time (A_t built from A_{t-1}).
    "gae_forward_loop": """
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    adv = np.zeros(T)
    running = 0.0
    for t in range(T):
        notdone = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * notdone - values[t]
        running = delta + gamma * lam * notdone * running
        adv[t] = running
    return adv, adv + values[:-1]
""",
    # Mistake: dones ignored, both in the bootstrap and in the recursion.
    "bootstrap_through_done": """
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    deltas = rewards + gamma * values[1:] - values[:-1]
    adv = np.zeros(T)
    acc = 0.0
    for t in range(T - 1, -1, -1):
        acc = deltas[t] + gamma * lam * acc
        adv[t] = acc
    return adv, adv + values[:-1]
""",
    # Mistake: advantages right, but returns are the discounted rewards (reset at dones).
    "returns_are_discounted_rewards": """
import numpy as np


def compute_gae(rewards, values, dones, gamma=0.99, lam=0.95):
    T = len(rewards)
    adv = np.zeros(T)
    ret = np.zeros(T)
    gae, g = 0.0, 0.0
    for t in reversed(range(T)):
        keep = 1.0 - dones[t]
        delta = rewards[t] + gamma * values[t + 1] * keep - values[t]
        gae = delta + gamma * lam * keep * gae
        g = rewards[t] + gamma * keep * g
        adv[t], ret[t] = gae, g
    return adv, ret
""",
}

# ---------------------------------------------------------------------------------------
# clip-grad-norm
# ---------------------------------------------------------------------------------------

CLIP = {
    # As PyTorch does it: norm of the per-array norms, multiply by min(coef, 1).
    "accept-torch-clamp": """
import numpy as np


def clip_grad_norm(grads, max_norm):
    total_norm = np.linalg.norm([np.linalg.norm(g) for g in grads])
    clip_coef = max_norm / (total_norm + 1e-6)
    clip_coef_clamped = min(clip_coef, 1.0)
    return [g * clip_coef_clamped for g in grads], total_norm
""",
    # One flat vector, einsum for the squared norm, an explicit branch and copies.
    "accept-flat-einsum": """
import numpy as np


def clip_grad_norm(grads, max_norm):
    flat = np.concatenate([np.ravel(g) for g in grads])
    total = np.sqrt(np.einsum("i,i->", flat, flat))
    coef = max_norm / (total + 1e-6)
    if coef < 1:
        return [g * coef for g in grads], total
    return [g.copy() for g in grads], total
""",
    # Mistake: every array clipped by its own norm (the global norm still returned).
    "clipped_per_tensor": """
import numpy as np


def clip_grad_norm(grads, max_norm):
    total = np.sqrt(sum(float(np.sum(g * g)) for g in grads))
    out = []
    for g in grads:
        coef = max_norm / (np.linalg.norm(g) + 1e-6)
        out.append(g * coef if coef < 1 else g.copy())
    return out, np.asarray(total)
""",
    # Mistake: scaled by the coefficient even when it is >= 1.
    "always_scaled": """
import numpy as np


def clip_grad_norm(grads, max_norm):
    total = np.sqrt(sum(float(np.sum(g * g)) for g in grads))
    coef = max_norm / (total + 1e-6)
    return [g * coef for g in grads], np.asarray(total)
""",
    # Mistake: the total norm is the plain sum of the per-array norms.
    "sum_of_norms": """
import numpy as np


def clip_grad_norm(grads, max_norm):
    total = sum(np.linalg.norm(g) for g in grads)
    coef = max_norm / (total + 1e-6)
    if coef < 1:
        return [g * coef for g in grads], np.asarray(total)
    return [g.copy() for g in grads], np.asarray(total)
""",
}

# The reference left out of the loss's margin only, the rewards right.
DPO["dpo_reference_missing:loss-only"] = """
import torch.nn.functional as F


def dpo_loss(pc, pr, rc, rr, beta=0.1):
    margin = beta * (pc - pr)  # mistake: no reference log-ratios in the margin
    loss = F.softplus(-margin).mean()
    return loss, (beta * (pc - rc)).detach(), (beta * (pr - rr)).detach()
"""

SUBMISSIONS = {
    "sequence-logprobs": SEQ_LOGPROBS,
    "dpo-loss": DPO,
    "grpo-advantages": GRPO_ADV,
    "grpo-loss": GRPO_LOSS,
    "ppo-clip-loss": PPO,
    "gae": GAE,
    "clip-grad-norm": CLIP,
}

ACCEPTED = [
    pytest.param(pid, code, id=f"{pid}-{name}")
    for pid, snippets in SUBMISSIONS.items()
    for name, code in snippets.items()
    if name.startswith("accept-")
]
# A key "tag" or "tag:variant": the tag the snippet must be diagnosed with, before the colon.
MISTAKES = [
    pytest.param(pid, key.split(":")[0], code, id=f"{pid}-{key.replace(':', '-')}")
    for pid, snippets in SUBMISSIONS.items()
    for key, code in snippets.items()
    if not key.startswith("accept-")
]


def test_every_listed_mistake_has_a_tag_of_the_problem(bank: Bank) -> None:
    for pid, snippets in SUBMISSIONS.items():
        tags = [key.split(":")[0] for key in snippets if not key.startswith("accept-")]
        assert set(tags) <= set(bank.get(pid).mistakes), (pid, tags)


@pytest.mark.parametrize(("problem_id", "code"), ACCEPTED)
def test_a_correct_submission_is_accepted(
    bank: Bank, pool: SandboxPool, problem_id: str, code: str
) -> None:
    result = grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)
    assert result.verdict is Verdict.ACCEPTED, result.to_dict()
    assert result.diagnosis == []


@pytest.mark.parametrize(("problem_id", "tag", "code"), MISTAKES)
def test_a_mistake_is_rejected_and_named(
    bank: Bank, pool: SandboxPool, problem_id: str, tag: str, code: str
) -> None:
    result = grade_submission(problem=bank.get(problem_id), code=code, mode="submit", pool=pool)
    assert result.verdict is Verdict.WRONG_ANSWER, result.to_dict()
    assert result.diagnosis == [tag], (result.diagnosis, result.message)
