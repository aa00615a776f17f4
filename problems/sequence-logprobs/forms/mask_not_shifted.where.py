# Wrong: per-token log-probs are right, but they are masked with the unshifted mask.
import torch
import torch.nn.functional as F


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    logp = F.log_softmax(logits[:, :-1], dim=-1)
    tok = logp.gather(-1, input_ids[:, 1:, None])[..., 0]
    keep = loss_mask[:, : tok.shape[1]]  # same length as tok, but one step too early
    tok = torch.where(keep, tok, torch.zeros_like(tok))
    n = keep.sum(dim=-1).clamp(min=1)
    return tok.sum(dim=-1) / n if average else tok.sum(dim=-1)
