# Wrong: the subtraction is the wrong way round.


def softmax_backward(y, grad_y, axis=-1):
    s = (y * grad_y).sum(axis=axis, keepdims=True)
    return y * (s - grad_y)
