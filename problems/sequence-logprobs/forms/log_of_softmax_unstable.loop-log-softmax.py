# Wrong: one row at a time with torch.log(F.softmax(row)), which is -inf for tiny probabilities.
import torch
import torch.nn.functional as F


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    out = []
    for row_logits, row_ids, row_mask in zip(logits, input_ids, loss_mask, strict=True):
        logp = torch.log(F.softmax(row_logits[:-1], dim=-1))
        tok = logp[torch.arange(len(row_ids) - 1), row_ids[1:]]
        keep = row_mask[1:]
        total = tok[keep].sum()
        if average:
            total = total / max(int(keep.sum()), 1)
        out.append(total)
    return torch.stack(out)
