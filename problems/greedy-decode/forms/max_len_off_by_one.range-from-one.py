# Wrong: counts steps from 1 to max_len - 1.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.size(0)
    ys = torch.full((B, 1), sos_id, dtype=torch.long)
    done = torch.zeros(B, dtype=torch.bool)
    for _ in range(1, max_len):
        logits = model(src, ys)
        token = torch.where(done, pad_id, logits[:, -1].argmax(-1))
        ys = torch.cat((ys, token.unsqueeze(1)), 1)
        done = done | token.eq(eos_id)
        if done.all():
            break
    return ys
