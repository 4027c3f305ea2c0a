"""Issue 35's before and after, side by side: for each screen that ``design_screens.py`` wrote
into BEFORE (an older commit, light) and AFTER (light and dark), one picture of three panels —
before, after in light, after in dark — each captioned, into OUT.

    python scripts/design_compare.py /tmp/before /tmp/after docs/design --scale 0.75

A screen missing on one side is drawn as an empty panel that says so.
"""

from __future__ import annotations

import argparse
import os
from pathlib import Path

os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

from PySide6.QtCore import QRect, Qt
from PySide6.QtGui import QColor, QFont, QImage, QPainter
from PySide6.QtWidgets import QApplication

CAPTION = 28  # the height of a panel's caption, in pixels
GAP = 12


def panel(path: Path, size: tuple[int, int], scale: float) -> QImage:
    image = QImage(str(path)) if path.is_file() else QImage()
    width, height = round(size[0] * scale), round(size[1] * scale)
    if image.isNull():
        empty = QImage(width, height, QImage.Format.Format_RGB32)
        empty.fill(QColor("#dddddd"))
        return empty
    return image.scaled(width, height, Qt.AspectRatioMode.KeepAspectRatio,
                        Qt.TransformationMode.SmoothTransformation)


def compose(parts: list[tuple[str, Path]], size: tuple[int, int], scale: float,
            out: Path) -> None:
    images = [(caption, panel(path, size, scale)) for caption, path in parts]
    width = sum(image.width() for _c, image in images) + GAP * (len(images) + 1)
    height = max(image.height() for _c, image in images) + CAPTION + 2 * GAP
    result = QImage(width, height, QImage.Format.Format_RGB32)
    result.fill(QColor("#ffffff"))
    painter = QPainter(result)
    font = QFont()
    font.setPixelSize(18)
    font.setBold(True)
    painter.setFont(font)
    x = GAP
    for caption, image in images:
        painter.setPen(QColor("#222222"))
        painter.drawText(QRect(x, GAP // 2, image.width(), CAPTION),
                         Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, caption)
        painter.drawImage(x, GAP + CAPTION, image)
        painter.setPen(QColor("#999999"))
        painter.drawRect(x - 1, GAP + CAPTION - 1, image.width() + 1, image.height() + 1)
        x += image.width() + GAP
    painter.end()
    if not result.save(str(out), "PNG"):
        raise SystemExit(f"could not write {out}")
    print(out)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("before", type=Path)
    parser.add_argument("after", type=Path)
    parser.add_argument("out", type=Path)
    parser.add_argument("--scale", type=float, default=0.75)
    args = parser.parse_args()
    app = QApplication.instance() or QApplication([])
    args.out.mkdir(parents=True, exist_ok=True)
    for before in sorted(args.before.glob("*-light.png")):
        name = before.name.removesuffix("-light.png")  # view-lang-deck-size
        size_text = name.rsplit("-", 1)[1]
        width, height = (int(v) for v in size_text.split("x"))
        compose([("Before", before),
                 ("After, light", args.after / f"{name}-light.png"),
                 ("After, dark", args.after / f"{name}-dark.png")],
                (width, height), args.scale, args.out / f"{name}.png")
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
