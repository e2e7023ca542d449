"""Hearts: the Hearts family of card games."""

from . import _native

__version__ = "0.1.0"

# Compiled engine modules or their .py sources (stale builds and HEARTS_PURE_PYTHON): see _native.
_native.select()
