import math


class Circle:
    def __init__(self, r):
        self.r = r

    def area(self):
        return 3.14 * self.r * self.r


class Square:
    def __init__(self, s):
        self.s = s

    def area(self):
        return 3.14 * self.s * self.s


SHAPES = [Circle, Square]
