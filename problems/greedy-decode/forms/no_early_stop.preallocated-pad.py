# Wrong: fills a [B, 1 + max_len] buffer of pad and returns all of it.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.shape[0]
    ys = torch.full((B, max_len + 1), pad_id, dtype=torch.long)
    ys[:, 0] = sos_id
    running = torch.ones(B, dtype=torch.bool)
    for t in range(max_len):
        tok = model(src, ys[:, : t + 1])[:, -1].argmax(-1)
        ys[running, t + 1] = tok[running]
        running = running & (ys[:, t + 1] != eos_id)
    return ys
