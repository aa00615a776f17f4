# Wrong: the whole batch stops as soon as one row produces eos.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.full((src.size(0), 1), sos_id, dtype=torch.long)
    for _ in range(max_len):
        next_word = model(src, ys)[:, -1].argmax(-1)
        ys = torch.cat([ys, next_word[:, None]], dim=1)
        if (next_word == eos_id).any():
            break
    return ys
