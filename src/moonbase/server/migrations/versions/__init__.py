"""The revisions, oldest first: ``v0001_tables`` creates tables, seats and the log."""
