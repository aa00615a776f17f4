# Wrong: each direction's probability of the diagonal from raw exp, no max subtracted.
import torch


def clip_loss(image_emb, text_emb, logit_scale):
    a = image_emb / image_emb.norm(dim=1, keepdim=True)
    b = text_emb / text_emb.norm(dim=1, keepdim=True)
    sim = torch.clamp(torch.exp(logit_scale), max=100.0) * (a @ b.t())
    expd = sim.exp()
    pos = torch.diag(expd)
    loss_img = -torch.log(pos / expd.sum(1)).mean()
    loss_txt = -torch.log(pos / expd.sum(0)).mean()
    return 0.5 * (loss_img + loss_txt), sim
