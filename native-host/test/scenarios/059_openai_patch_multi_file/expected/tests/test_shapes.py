from shapes import Square


def test_square():
    assert Square(2).area() == 4
