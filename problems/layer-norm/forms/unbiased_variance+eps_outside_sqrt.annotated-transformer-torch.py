# Wrong: Annotated-Transformer LayerNorm: torch std() is unbiased and eps sits outside the sqrt.
import torch


def layer_norm(x, gamma, beta, eps=1e-5):
    x = torch.from_numpy(x)
    a_2 = torch.from_numpy(gamma)
    b_2 = torch.from_numpy(beta)
    mean = x.mean(-1, keepdim=True)
    std = x.std(-1, keepdim=True)
    return (a_2 * (x - mean) / (std + eps) + b_2).numpy()
