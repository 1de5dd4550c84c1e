"""The `/ramsch` command group's shared machinery: how cogs add subcommands, and the choices
and autocompletion the registry offers for them."""
