import logging

log = logging.getLogger("app")

def start():
    log.info("legacy: starting")
    log.info("legacy: ready")

def stop():
    log.info("legacy: stopping")
