import logging

log = logging.getLogger("app")

def start():
    log.debug("legacy: starting")
    log.info("legacy: ready")

def stop():
    log.info("legacy: stopping")
