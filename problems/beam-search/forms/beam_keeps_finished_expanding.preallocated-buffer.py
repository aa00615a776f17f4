# Wrong: a preallocated [beam, 1 + max_len] buffer filled every step, eos or not.
import torch


def beam_search(model, src, beam_size, max_len, sos_id=1, eos_id=2, length_penalty=1.0):
    buf = torch.full((1, 1 + max_len), sos_id, dtype=torch.long)
    score = torch.zeros(1, dtype=torch.float64)
    for t in range(1, max_len + 1):
        lp = model(src, buf[:, :t])[:, -1].log_softmax(dim=-1)
        n, V = lp.shape
        score, flat = (score.view(n, 1) + lp).view(-1).topk(beam_size)
        buf = buf[flat // V].clone()
        buf[:, t] = flat % V
    return buf[torch.argmax(score / max_len**length_penalty)]
