"""Make the card index font: DejaVu Sans Condensed Bold, cut to digits and capitals, renamed.

    python -m venv /tmp/ft && /tmp/ft/bin/pip install fonttools
    /tmp/ft/bin/python scripts/make_index_font.py \
        /usr/share/fonts/truetype/dejavu/DejaVuSansCondensed-Bold.ttf

A maintainer's tool, run once when the font changes; the result is committed, so neither the
app nor its build needs fontTools. The font is renamed "Jass Tutor Index", as the Bitstream Vera
license asks of a modified font and so that no installed DejaVu can stand in for it: the cards
then look the same on every screen. Its license travels with it (JassTutorIndex-LICENSE.txt).
"""

from __future__ import annotations

import string
import sys
from pathlib import Path

from fontTools import subset
from fontTools.ttLib import TTFont

FAMILY = "Jass Tutor Index"  # tutor/ui/cardfaces.py asks for it by this name
TARGET = Path(__file__).resolve().parent.parent / "resources/JassTutorIndex-Bold.ttf"


def main(source: str) -> int:
    font = TTFont(source)
    options = subset.Options()
    options.layout_features = []
    options.hinting = False  # the index is drawn as a path, never hinted to pixels
    options.name_IDs = [0, 1, 2, 3, 4, 5, 6]
    subsetter = subset.Subsetter(options)
    subsetter.populate(text=string.digits + string.ascii_uppercase)
    subsetter.subset(font)
    names = font["name"]
    for record in names.names:
        if record.nameID in (1, 16):
            names.setName(FAMILY, record.nameID, record.platformID, record.platEncID,
                          record.langID)
        elif record.nameID == 4:
            names.setName(f"{FAMILY} Bold", 4, record.platformID, record.platEncID,
                          record.langID)
        elif record.nameID == 6:
            names.setName("JassTutorIndex-Bold", 6, record.platformID, record.platEncID,
                          record.langID)
        elif record.nameID == 3:
            names.setName(f"{FAMILY} Bold (DejaVu Sans Condensed Bold, cut)", 3,
                          record.platformID, record.platEncID, record.langID)
    font.save(TARGET)
    print(f"{TARGET}: {TARGET.stat().st_size} bytes")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
