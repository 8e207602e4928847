# keep me
