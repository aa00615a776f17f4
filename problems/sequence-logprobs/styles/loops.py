"""Plain loops, the way it is first written on a whiteboard: for each sequence and each
position t, the logits at t score the token at t+1, with torch.logsumexp for the
normaliser, and a running count of the counted tokens."""

import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    batch, length, _ = logits.shape
    out = []
    for b in range(batch):
        total = torch.zeros((), dtype=logits.dtype)
        count = 0
        for t in range(length - 1):
            if not bool(loss_mask[b, t + 1]):
                continue
            row = logits[b, t]
            total = total + row[input_ids[b, t + 1]] - torch.logsumexp(row, dim=0)
            count += 1
        if average and count > 0:
            total = total / count
        out.append(total)
    return torch.stack(out)
