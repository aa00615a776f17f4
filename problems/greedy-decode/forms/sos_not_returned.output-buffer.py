# Wrong: writes the generated tokens into their own [B, max_len] buffer and returns it.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.size(0)
    out = torch.full((B, max_len), pad_id, dtype=torch.long)
    ys = torch.full((B, 1), sos_id, dtype=torch.long)
    active = torch.ones(B, dtype=torch.bool)
    steps = 0
    with torch.no_grad():
        for t in range(max_len):
            tok = model(src, ys)[:, -1].argmax(-1)
            out[active, t] = tok[active]
            ys = torch.cat([ys, out[:, t : t + 1]], dim=1)
            active &= out[:, t] != eos_id
            steps = t + 1
            if not active.any():
                break
    return out[:, :steps]
