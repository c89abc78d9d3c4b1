"""Gate scans and their run directories: the scan, recorders, the run store, aggregates, queries, Ray."""
