import torch.nn.functional as F


def moe_router(router_logits, top_k):
    sorted_logits, order = router_logits.sort(dim=-1, descending=True)
    chosen, experts = sorted_logits[:, :top_k], order[:, :top_k]
    return F.softmax(chosen, dim=0), experts
