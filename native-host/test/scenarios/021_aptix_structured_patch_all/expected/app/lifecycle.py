import logging

log = logging.getLogger("app")

def start():
    log.info("lifecycle: starting")
    log.info("lifecycle: ready")

def stop():
    log.info("lifecycle: stopping")
