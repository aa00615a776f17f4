# Wrong: groups taken on w.T (GPTQ's [in, out] layout) along the wrong axis: rows are grouped.
import torch


def quantize_int4_groups(w, group_size=128):
    W = torch.from_numpy(w)
    Wt = W.t().contiguous()  # [in, out]
    x = Wt.reshape(Wt.shape[0], -1, group_size)  # groups of consecutive rows of w
    xmin, xmax = x.amin(-1), x.amax(-1)  # [in, out // g]
    scale = torch.where(xmax > xmin, (xmax - xmin) / 15, torch.ones_like(xmax))
    zero = torch.round(-xmin / scale).clamp(0, 15)
    q = (torch.round(x / scale[..., None]) + zero[..., None]).clamp(0, 15)
    q = q.reshape(Wt.shape).t().to(torch.uint8)  # back to [out, in]
    packed = q[:, 0::2] | (q[:, 1::2] << 4)
    return packed.numpy(), scale.t().numpy(), zero.t().to(torch.uint8).numpy()
