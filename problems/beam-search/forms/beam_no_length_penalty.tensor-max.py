# Wrong: batched tensors, the winner picked with max over raw scores.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    ys = torch.tensor([[sos_id]])
    scores = torch.zeros(1, dtype=torch.float64)
    done_seqs, done_scores = [], []
    for _ in range(max_len):
        logp = model(src, ys)[:, -1].log_softmax(-1)
        V = logp.size(-1)
        val, idx = (scores.unsqueeze(1) + logp).view(-1).topk(beam_size)
        ys = torch.cat([ys[idx // V], (idx % V).unsqueeze(1)], 1)
        eos = ys[:, -1] == eos_id
        done_seqs += list(ys[eos])
        done_scores += val[eos].tolist()
        ys, scores = ys[~eos], val[~eos]
        if len(done_seqs) >= beam_size:
            break
    else:
        done_seqs += list(ys)
        done_scores += scores.tolist()
    return done_seqs[int(torch.tensor(done_scores).argmax())]
