"""Jass tutor: the application that teaches Chibre (DESIGN.md).

Everything here may use the engine; only ``tutor.ui`` imports PySide6.
"""

from importlib import metadata

try:
    __version__ = metadata.version("jass-tutor")
except metadata.PackageNotFoundError:  # running from a source tree that is not installed
    __version__ = "0.1.0"

__all__ = ["__version__"]
