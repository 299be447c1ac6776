"""The ``moonbase`` command. For now a plain text loop that plays cooperative MOON."""
