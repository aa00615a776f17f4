# Wrong: tracks which rows are finished only to stop; finished rows keep their argmax.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.size(0)
    ys = torch.full((B, 1), sos_id, dtype=torch.long)
    finished = torch.zeros(B, dtype=torch.bool)
    for _ in range(max_len):
        out = model(src, ys)
        next_word = out[:, -1, :].argmax(dim=-1)
        ys = torch.cat([ys, next_word.unsqueeze(1)], dim=1)
        finished = finished | (next_word == eos_id)
        if finished.all():
            break
    return ys
