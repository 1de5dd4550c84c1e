"""Trick play shared by every game: the trick order as data, play constraints, the play phase."""
