"""Keeping Discord in step with the tables: the channel message of each table, its results and
standings, and every player's private hand, rendered after each change and after a restart."""

from bot.publish.publisher import Publisher

__all__ = ["Publisher"]
