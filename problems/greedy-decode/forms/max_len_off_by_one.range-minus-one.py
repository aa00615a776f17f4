# Wrong: the Annotated Transformer's range(max_len - 1), where max_len counted the start token.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.zeros(src.size(0), 1).fill_(sos_id).type_as(src)
    finished = torch.zeros(src.size(0), dtype=torch.bool)
    for _ in range(max_len - 1):
        out = model(src, ys)
        _, next_word = torch.max(out[:, -1], dim=1)
        next_word = next_word.masked_fill(finished, pad_id)
        ys = torch.cat([ys, next_word.unsqueeze(1)], dim=1)
        finished |= next_word == eos_id
        if finished.all():
            break
    return ys
