def feed_forward(x, w1, b1, w2, b2):
    hidden = x @ w1 + b1
    hidden[hidden < 0] = 0
    return hidden @ w2 + b2
