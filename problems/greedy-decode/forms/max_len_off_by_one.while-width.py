# Wrong: caps the width of ys (start token included) at max_len.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.full((src.shape[0], 1), sos_id, dtype=torch.long)
    unfinished = torch.ones(src.shape[0], dtype=torch.long)
    while ys.shape[1] < max_len:
        nxt = model(src, ys)[:, -1, :].argmax(-1)
        nxt = nxt * unfinished + pad_id * (1 - unfinished)
        ys = torch.cat([ys, nxt[:, None]], dim=-1)
        unfinished = unfinished.mul((nxt != eos_id).long())
        if unfinished.max() == 0:
            break
    return ys
