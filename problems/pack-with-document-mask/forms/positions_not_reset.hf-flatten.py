# Wrong: the flattening keeps the tokens' index in the packed row as their position.
import torch


def pack_documents(docs, max_len, pad_id=0):
    input_ids, labels, blocks = [], [], []
    for doc in docs:
        room = max_len - len(input_ids)
        if room <= 0:
            break
        tokens = doc.tolist()[:room]
        blocks.append((len(input_ids), len(tokens)))
        input_ids += tokens
        labels += tokens[1:] + [-100]
    while len(input_ids) < max_len:
        blocks.append((len(input_ids), 1))
        input_ids.append(pad_id)
        labels.append(-100)
    position_ids = list(range(len(input_ids)))
    mask = torch.zeros(max_len, max_len, dtype=torch.bool)
    for s, n in blocks:
        mask[s : s + n, s : s + n] = torch.ones(n, n, dtype=torch.bool).tril()
    return torch.tensor(input_ids), torch.tensor(labels), torch.tensor(position_ids), mask
