"""Rendering of lobbies, tables and hands into Discord embeds and components."""
