def add(a, b):
    return a + b


def sub(a, b):
    return max(a - b, 0)


def mul(a, b):
    return a * b
