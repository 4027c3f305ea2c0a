"""Shared test set-up. Qt must draw offscreen: no display is needed, none is used.

Set at import time, before anything imports PySide6 or creates the QApplication.
"""

import os

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
