# Wrong: confidence = smoothing (it should be 1 - smoothing) in the usual timm-style loss.
import torch


def label_smoothing_loss(logits, targets, smoothing=0.1, ignore_index=-100):
    confidence = smoothing
    rest = 1.0 - smoothing
    valid = targets != ignore_index
    logprobs = torch.log_softmax(logits[valid], dim=-1)
    nll_loss = -logprobs.gather(dim=-1, index=targets[valid].unsqueeze(1)).squeeze(1)
    smooth_loss = -logprobs.mean(dim=-1)
    return (confidence * nll_loss + rest * smooth_loss).mean()
