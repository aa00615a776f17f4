"""d2l's predict_seq2seq: a Python loop of step outputs, `dec_X = Y.argmax(dim=2)` from the
decoder's output, the tokens collected in a list and concatenated at the end; adapted to a
batch with per-row eos (a `done` mask and pad) and the full prefix fed each step."""

import torch


def greedy_decode(model, src, max_len, sos_id=1, eos_id=2, pad_id=0):
    dec_X = torch.tensor([[sos_id]] * src.shape[0], dtype=torch.long)
    output_seq, done = [dec_X], torch.zeros(src.shape[0], dtype=torch.bool)
    for _ in range(max_len):
        Y = model(src, torch.cat(output_seq, dim=1))
        dec_X = Y[:, -1:].argmax(dim=2)  # [B, 1]
        dec_X[done] = pad_id
        output_seq.append(dec_X)
        done = done | (dec_X.squeeze(1) == eos_id)
        if done.all():
            break
    return torch.cat(output_seq, dim=1)
