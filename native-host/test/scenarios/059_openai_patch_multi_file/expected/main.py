from shapes import Circle, Square

print(Circle(1).area())
print(Square(2).area())
