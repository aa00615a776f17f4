# Wrong: takes the top beam_size tokens of each beam, then keeps only the first overall.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beams = [(torch.tensor([sos_id]), 0.0)]
    for _ in range(max_len):
        candidates = []
        for seq, score in beams:
            logp = torch.log_softmax(model(src, seq[None])[0, -1], dim=-1)
            vals, toks = logp.topk(beam_size)
            for v, t in zip(vals.tolist(), toks.tolist(), strict=True):
                candidates.append((torch.cat([seq, torch.tensor([t])]), score + v))
        candidates.sort(key=lambda c: -c[1])
        beams = candidates[:1]
        if beams[0][0][-1].item() == eos_id:
            break
    return beams[0][0]
