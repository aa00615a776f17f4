# Wrong: in the loop, position t's logits score token t itself instead of token t+1.
import torch


def sequence_logprobs(logits, input_ids, loss_mask, average=False):
    results = []
    for b in range(logits.shape[0]):
        acc = logits.new_zeros(())
        n = 0
        for t in range(logits.shape[1]):
            if loss_mask[b, t]:
                acc = acc + torch.log_softmax(logits[b, t], dim=-1)[input_ids[b, t]]
                n += 1
        results.append(acc / n if average and n else acc)
    return torch.stack(results)
