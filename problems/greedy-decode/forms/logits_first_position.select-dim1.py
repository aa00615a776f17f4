# Wrong: select(1, 0) takes the first time step of the logits.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    batch = src.shape[0]
    ys = torch.tensor([[sos_id]] * batch)
    alive = torch.ones(batch, dtype=torch.long)
    for _ in range(max_len):
        scores = model(src, ys).select(1, 0)  # [B, V]
        tok = scores.max(dim=-1).indices
        tok = tok * alive + pad_id * (1 - alive)
        ys = torch.cat([ys, tok.view(-1, 1)], 1)
        alive = alive * (tok != eos_id).long()
        if alive.sum() == 0:
            break
    return ys
