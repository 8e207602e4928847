import os

GREETING = os.environ.get("GREETING", "Hello World!")
