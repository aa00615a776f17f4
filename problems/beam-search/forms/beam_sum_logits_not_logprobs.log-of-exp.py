# Wrong: "log-probabilities" computed as log(exp(logits)), which is the logits again.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    beams = torch.tensor([[sos_id]])
    beam_scores = torch.zeros(1, dtype=torch.float64)
    finished = []
    for _ in range(max_len):
        logits = model(src.expand(beams.size(0), -1), beams)[:, -1, :]
        log_probs = torch.log(torch.exp(logits))
        vocab = log_probs.size(1)
        flat = (beam_scores.unsqueeze(-1) + log_probs).flatten()
        best, pos = torch.topk(flat, beam_size)
        beams = torch.cat([beams[pos // vocab], (pos % vocab).unsqueeze(-1)], dim=-1)
        is_eos = beams[:, -1].eq(eos_id)
        for seq, sc in zip(beams[is_eos], best[is_eos], strict=True):
            finished.append((seq, float(sc)))
        beams, beam_scores = beams[~is_eos], best[~is_eos]
        if len(finished) >= beam_size:
            break
    else:
        finished += [(seq, float(sc)) for seq, sc in zip(beams, beam_scores, strict=True)]
    return max(finished, key=lambda f: f[1] / (f[0].numel() - 1) ** length_penalty)[0]
