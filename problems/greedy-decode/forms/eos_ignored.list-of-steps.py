# Wrong: collects max_len argmax tokens, whatever they are.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    steps = [torch.full((src.shape[0],), sos_id, dtype=torch.long)]
    for _ in range(max_len):
        ys = torch.stack(steps, dim=1)
        steps.append(model(src, ys)[:, -1].argmax(dim=-1))
    return torch.stack(steps, dim=1)
