"""Configuration shared by the whole test tree; each package's own fixtures live beside it."""
