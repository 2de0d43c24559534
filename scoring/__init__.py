"""Scoring: pure bridge scoring (``scoring.bridge``) and standings (``scoring.standings``).

Pure standard library plus ``rules``; no Django here. Read models built from
score events live in ``scoring.projections``.
"""
