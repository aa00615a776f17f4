# Wrong: per token, keeps the larger of the clipped and unclipped objectives.
import torch


def grpo_loss(logp, old_logp, ref_logp, advantages, mask, clip_eps=0.2, beta=0.04):
    rows = []
    for b in range(logp.shape[0]):
        terms = []
        for t in range(logp.shape[1]):
            if not mask[b, t]:
                continue
            r = (logp[b, t] - old_logp[b, t]).exp()
            obj = torch.maximum(
                r * advantages[b], r.clamp(1 - clip_eps, 1 + clip_eps) * advantages[b]
            )
            x = ref_logp[b, t] - logp[b, t]
            terms.append(-(obj - beta * (x.exp() - x - 1)))
        if terms:
            rows.append(torch.stack(terms).mean())
    return torch.stack(rows).mean()
