"""Tournaments in the application layer: registration, series, tables, games, standings."""
