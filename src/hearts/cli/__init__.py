"""The ``hearts`` command line: thin Click commands over the layers below."""
