# Wrong: returns only the stacked new tokens.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    B = src.shape[0]
    prefix = torch.full((B, 1), sos_id, dtype=torch.long)
    generated = []
    done = torch.zeros(B, dtype=torch.bool)
    for _ in range(max_len):
        logits = model(src, prefix)
        token = torch.where(done, torch.tensor(pad_id), logits[:, -1].argmax(-1))
        generated.append(token)
        prefix = torch.cat([prefix, token.unsqueeze(-1)], dim=-1)
        done = done | (token == eos_id)
        if done.all():
            break
    return torch.stack(generated, dim=1)
