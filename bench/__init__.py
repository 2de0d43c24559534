"""Benchmarks with their anchors, run by ``make bench``."""
