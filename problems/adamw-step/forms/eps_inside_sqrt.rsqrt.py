# Wrong: the denominator written as an rsqrt, (v_hat + eps) ** -0.5, which puts eps inside.


def adamw_step(
    param, grad, m, v, step, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8, weight_decay=0.01
):
    new_m = beta1 * m + (1 - beta1) * grad
    new_v = beta2 * v + (1 - beta2) * grad * grad
    rsqrt = (new_v / (1 - beta2**step) + eps) ** -0.5
    update = new_m / (1 - beta1**step) * rsqrt
    return param - lr * weight_decay * param - lr * update, new_m, new_v
