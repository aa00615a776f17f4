# Wrong: Annotated Transformer style softmax + max, but over out[:, 0].
import torch
import torch.nn.functional as F


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.zeros(src.shape[0], 1).fill_(sos_id).long()
    ended = torch.zeros(src.shape[0]).bool()
    for _ in range(max_len):
        out = model(src, ys)
        prob = F.softmax(out[:, 0, :], dim=-1)
        _, next_word = torch.max(prob, dim=1)
        next_word = torch.where(ended, torch.full_like(next_word, pad_id), next_word)
        ys = torch.cat([ys, next_word.unsqueeze(1)], dim=1)
        ended = ended | next_word.eq(eos_id)
        if bool(ended.all()):
            break
    return ys
