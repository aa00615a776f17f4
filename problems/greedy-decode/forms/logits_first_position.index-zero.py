# Wrong: reads the prediction of position 0 instead of the last position.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.full((src.size(0), 1), sos_id, dtype=torch.long)
    done = torch.zeros(src.size(0), dtype=torch.bool)
    for _ in range(max_len):
        logits = model(src, ys)
        next_token = logits[:, 0].argmax(dim=-1)
        next_token[done] = pad_id
        ys = torch.cat([ys, next_token[:, None]], dim=1)
        done |= next_token == eos_id
        if done.all():
            break
    return ys
