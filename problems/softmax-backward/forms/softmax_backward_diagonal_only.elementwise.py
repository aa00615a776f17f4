# Wrong: the derivative of each y_i with respect to its own x_i only, as if softmax were
# an element-wise function like the sigmoid.


def softmax_backward(y, grad_y, axis=-1):
    return grad_y * y * (1.0 - y)
