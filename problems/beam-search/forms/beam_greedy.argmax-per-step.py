# Wrong: the "beam" keeps only the single best continuation each step.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    ys = torch.tensor([[sos_id]])
    for _ in range(max_len):
        logp = torch.log_softmax(model(src, ys)[:, -1], dim=-1)
        nxt = logp.argmax(dim=-1, keepdim=True)
        ys = torch.cat([ys, nxt], dim=1)
        if nxt.item() == eos_id:
            break
    return ys[0]
