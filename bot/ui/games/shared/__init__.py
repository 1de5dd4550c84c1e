"""What several games' renderers share (card orders, the Ramsch contract); a game's package
imports these, never another game's package."""
