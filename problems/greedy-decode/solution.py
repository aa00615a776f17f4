import torch


@torch.no_grad()  # inference only: no graph to keep across steps
def greedy_decode(
    model, src: torch.Tensor, max_len: int, sos_id: int = 1, eos_id: int = 2, pad_id: int = 0
) -> torch.Tensor:
    batch = src.size(0)
    ys = torch.full((batch, 1), sos_id, dtype=torch.long)  # [B, 1]
    finished = torch.zeros(batch, dtype=torch.bool)  # [B]
    for _ in range(max_len):
        logits = model(src, ys)  # [B, t, V]
        # The last position predicts the next token; argmax keeps the first maximum.
        next_token = logits[:, -1].argmax(dim=-1)  # [B]
        # A row that already produced eos only gets padding from now on.
        next_token = torch.where(finished, pad_id, next_token)
        ys = torch.cat([ys, next_token.unsqueeze(1)], dim=1)  # [B, t + 1]
        finished |= next_token == eos_id
        if finished.all():  # no row has anything left to say
            break
    return ys
