# Wrong: the Annotated Transformer's greedy loop, which never looks at eos.
import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    ys = torch.zeros(src.size(0), 1).fill_(sos_id).type_as(src.data)
    for _ in range(max_len):
        out = model(src, ys)
        prob = out[:, -1]
        _, next_word = torch.max(prob, dim=1)
        ys = torch.cat([ys, next_word.unsqueeze(1).type_as(src.data)], dim=1)
    return ys
