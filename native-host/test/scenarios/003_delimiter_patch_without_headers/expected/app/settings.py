DEBUG = False
ALLOWED_HOSTS = ["example.com", "www.example.com"]
TIME_ZONE = "UTC"
LANGUAGE_CODE = "en-us"
