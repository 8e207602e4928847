def add(a, b):
    """Add."""
    return a + b


def sub(a, b):
    return a - b


def mul(a, b):
    """Multiply."""
    return a * b
