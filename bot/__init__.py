"""The Discord side of the Ramsch bot: adapter, application layer and storage."""
