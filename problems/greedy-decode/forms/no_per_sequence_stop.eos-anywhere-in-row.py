# Wrong: stops once every row contains eos, but never pads the rows that ended.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.ones(src.shape[0], 1, dtype=torch.long) * sos_id
    with torch.no_grad():
        for _ in range(max_len):
            logits = model(src, ys)
            nxt = torch.argmax(logits[:, -1], dim=1, keepdim=True)  # [B, 1]
            ys = torch.cat((ys, nxt), dim=1)
            if (ys == eos_id).any(dim=1).all():
                break
    return ys
