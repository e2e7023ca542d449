"""Hearts: the Hearts family of card games."""

__version__ = "0.1.0"
