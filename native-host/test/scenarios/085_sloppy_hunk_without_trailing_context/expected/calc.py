def add(a, b):
    return b + a


def sub(a, b):
    return a - b


def mul(a, b):
    return a * b
