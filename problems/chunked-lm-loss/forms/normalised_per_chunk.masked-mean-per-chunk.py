# Wrong: each chunk's masked mean is computed and the chunk results are averaged.
import torch


def chunked_lm_loss(hidden, weight, labels, chunk=1024, ignore_index=-100):
    chunk_losses = []
    for h, y in zip(hidden.split(chunk), labels.split(chunk), strict=True):
        keep = y != ignore_index
        logp = torch.log_softmax(h @ weight.t(), dim=-1)
        nll = -logp.gather(1, y.clamp(min=0)[:, None]).squeeze(1)
        chunk_losses.append(nll[keep].mean())
    return sum(chunk_losses) / len(chunk_losses)
