"""The Qt user interface: the only part of the project that imports PySide6."""
