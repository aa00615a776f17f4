# Wrong: fills every column of a preallocated buffer, ignoring eos and padding.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.size(0)
    ys = torch.empty(B, max_len + 1, dtype=torch.long)
    ys[:, 0] = sos_id
    with torch.no_grad():
        for t in range(1, max_len + 1):
            ys[:, t] = torch.argmax(model(src, ys[:, :t])[:, t - 1], dim=-1)
    return ys
