from .shapes import Circle
