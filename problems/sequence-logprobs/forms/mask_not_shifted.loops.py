# Wrong: checks loss_mask[b, t] (the token the logits saw) for the prediction of token t+1.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    B, L, _ = logits.shape
    sums, counts = [], []
    for b in range(B):
        s, c = torch.zeros(()), 0
        for t in range(L - 1):
            if loss_mask[b, t]:
                row = logits[b, t]
                s = s + (row[input_ids[b, t + 1]] - torch.logsumexp(row, 0))
                c += 1
        sums.append(s)
        counts.append(max(c, 1))
    out = torch.stack(sums)
    return out / torch.tensor(counts, dtype=out.dtype) if average else out
