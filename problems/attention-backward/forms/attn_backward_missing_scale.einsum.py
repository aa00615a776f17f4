# Wrong: einsum for every product; the 1/sqrt(d) never reaches dq and dk.
import numpy as np


def attention_backward(q, k, v, grad_out):
    scale = q.shape[-1] ** -0.5
    logits = np.einsum("id,jd->ij", q, k) * scale
    w = np.exp(logits - logits.max(-1, keepdims=True))
    w /= w.sum(-1, keepdims=True)
    dv = np.einsum("ij,ie->je", w, grad_out)
    dw = np.einsum("ie,je->ij", grad_out, v)
    dlogits = w * (dw - np.einsum("ij,ij->i", dw, w)[:, None])
    dq = np.einsum("ij,jd->id", dlogits, k)
    dk = np.einsum("ij,id->jd", dlogits, q)
    return dq, dk, dv
