# Wrong: masked_fill of the ignored rows' loss with 0, then .mean().


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    num_classes = logits.shape[-1]
    ignored = targets == ignore_index
    lp = logits - logits.logsumexp(dim=-1, keepdim=True)
    target_lp = lp.gather(1, targets.clamp(min=0).unsqueeze(1)).squeeze(1)
    loss = -(1 - smoothing) * target_lp - smoothing / num_classes * lp.sum(1)
    return loss.masked_fill(ignored, 0.0).mean()
