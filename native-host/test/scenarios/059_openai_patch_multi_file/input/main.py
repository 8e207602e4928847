from shapes import Circle

print(Circle(1).area())
