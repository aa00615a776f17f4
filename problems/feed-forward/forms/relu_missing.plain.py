# Wrong: no ReLU between the two linear layers.
def feed_forward(x, w1, b1, w2, b2):
    return (x @ w1 + b1) @ w2 + b2
