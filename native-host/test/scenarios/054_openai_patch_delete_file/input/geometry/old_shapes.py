PI = 3
