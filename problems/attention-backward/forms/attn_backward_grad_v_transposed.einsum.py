# Wrong: the einsum output subscripts are in the wrong order ("ej" instead of "je").
import numpy as np


def attention_backward(q, k, v, grad_out):
    scale = q.shape[-1] ** -0.5
    s = np.einsum("id,jd->ij", q, k) * scale
    a = np.exp(s - s.max(-1, keepdims=True))
    a /= a.sum(-1, keepdims=True)
    dv = np.einsum("ij,ie->ej", a, grad_out)
    da = np.einsum("ie,je->ij", grad_out, v)
    ds = a * (da - (da * a).sum(-1, keepdims=True))
    return np.einsum("ij,jd->id", ds, k) * scale, np.einsum("ij,id->jd", ds, q) * scale, dv
