# Wrong: fills a preallocated buffer and cuts it at the first eos of any row.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.shape[0]
    buf = torch.full((B, max_len + 1), pad_id, dtype=torch.long)
    buf[:, 0] = sos_id
    length = 1
    with torch.no_grad():
        for t in range(1, max_len + 1):
            buf[:, t] = model(src, buf[:, :t])[:, -1].argmax(-1)
            length = t + 1
            if buf[:, t].eq(eos_id).any():
                break
    return buf[:, :length]
