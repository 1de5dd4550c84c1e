"""Benchmarks through the Discord emulator: scripts that print figures (see README.md)."""
