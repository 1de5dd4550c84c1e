"""The bot's features, one cog per extension: tables, info and stats."""
