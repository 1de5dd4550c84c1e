"""Configuration shared by the whole test tree; each package's own fixtures live beside it."""

pytest_plugins = ["tests.pg"]
"""The throw-away PostgreSQL server (``postgres_cluster``, ``postgres_url``)."""
