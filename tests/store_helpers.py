"""Small helpers shared by the tests of the SQLite files (progress and saved games)."""

from __future__ import annotations

import sqlite3
from pathlib import Path


def user_version(path: Path) -> int:
    """The schema version written in the file at ``path``."""
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()
