# Wrong: pads finished rows, but always runs max_len steps.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.full((src.size(0), 1), sos_id, dtype=torch.long)
    finished = torch.zeros(src.size(0), dtype=torch.bool)
    for _ in range(max_len):
        nxt = model(src, ys)[:, -1].argmax(-1)
        nxt = nxt.masked_fill(finished, pad_id)
        ys = torch.cat([ys, nxt[:, None]], dim=1)
        finished |= nxt == eos_id
    return ys
