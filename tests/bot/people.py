"""Who and where in the bot tests: the server, its channel, the host, the players and a
stranger, by their Discord ids, and the players' names."""

GUILD = 1
CHANNEL = 10
HOST = 100
ALICE = 101
BOB = 102
CAROL = 103
STRANGER = 999
NAMES = {HOST: "Host", ALICE: "Alice", BOB: "Bob", CAROL: "Carol"}
