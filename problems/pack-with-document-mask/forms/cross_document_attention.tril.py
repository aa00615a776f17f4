# Wrong: the attention mask is torch.tril over the whole pack.
import torch


def pack_documents(docs, max_len, pad_id=0):
    input_ids, labels, positions = [], [], []
    for doc in docs:
        tokens = doc.tolist()[: max(0, max_len - len(input_ids))]
        input_ids += tokens
        labels += tokens[1:] + [-100] if tokens else []
        positions += list(range(len(tokens)))
    n_pad = max_len - len(input_ids)
    input_ids += [pad_id] * n_pad
    labels += [-100] * n_pad
    positions += [0] * n_pad
    mask = torch.tril(torch.ones(max_len, max_len)).bool()
    return torch.tensor(input_ids), torch.tensor(labels), torch.tensor(positions), mask
