# Wrong: multiplies the upstream gradient by y and stops there.


def softmax_backward(y, grad_y, axis=-1):
    return grad_y * y
