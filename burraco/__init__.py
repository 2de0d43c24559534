"""Burraco tournaments: the F.I.Bur. Codice di Gara's shell (decision 0120)."""
