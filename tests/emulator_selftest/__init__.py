"""Self-tests of the Discord API emulator, driving a tiny real discord.py bot."""
