# Wrong: truncates N to a multiple of chunk so that the rows reshape into [num_chunks, chunk, d];
# the remainder rows are dropped from the sum but not from the count.
import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    n, d = hidden.shape
    usable = n - n % chunk
    blocks = hidden[:usable].view(-1, chunk, d)  # [num_chunks, chunk, d]
    targets = labels[:usable].view(-1, chunk)
    total = torch.zeros((), dtype=hidden.dtype)
    for h, y in zip(blocks, targets, strict=True):
        keep = y != ignore_index
        logp = torch.log_softmax(h @ weight.T, dim=-1)
        total = total - logp.gather(1, y.clamp(min=0)[:, None])[:, 0][keep].sum()
    return total / (labels != ignore_index).sum()
