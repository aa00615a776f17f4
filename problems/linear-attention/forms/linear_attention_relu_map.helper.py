# Wrong: the feature-map helper is relu ("a positive feature map"), not elu + 1.
import torch


def feature_map(x: torch.Tensor) -> torch.Tensor:
    return x.clamp(min=0)


def linear_attention(q, k, v, causal=False):
    Q, K = feature_map(q), feature_map(k)
    if causal:
        KV = torch.cumsum(K.unsqueeze(-1) * v.unsqueeze(-2), dim=1)  # [B, L, d, dv]
        Z = torch.cumsum(K, dim=1)
        num = (Q.unsqueeze(-1) * KV).sum(dim=-2)
        den = (Q * Z).sum(dim=-1, keepdim=True)
    else:
        KV = K.transpose(1, 2) @ v
        num = Q @ KV
        den = Q @ K.sum(dim=1).unsqueeze(-1)
    return num / den
