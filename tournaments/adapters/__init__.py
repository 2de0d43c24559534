"""Adapters: the tournament app's edges to file formats and outside libraries."""
