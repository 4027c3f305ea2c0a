"""Notices are plain text (issue 19, item 9): a problem message that quotes markup from a file
(an ``<img>`` of a local file, bold, a link) shows it as the characters it is, drawing nothing."""

from __future__ import annotations

from PySide6.QtCore import QSettings, Qt
from PySide6.QtGui import QColor, QImage

from tutor.progress import Progress
from tutor.ui.window import MainWindow


def test_markup_in_a_notice_is_shown_as_text_and_no_image_is_drawn(qtbot, tmp_path, content):
    picture = tmp_path / "big.png"
    image = QImage(400, 300, QImage.Format.Format_RGB32)
    image.fill(QColor("red"))
    assert image.save(str(picture))
    settings = QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat)
    window = MainWindow(content=content, settings=settings,
                        progress=Progress(tmp_path / "progress.sqlite3"))
    qtbot.addWidget(window)
    window.resize(1280, 800)
    window.show()
    message = (f'lessons/x.yaml, line 3: <img src="{picture}"> is not a kind; '
               '<b>bold</b> <a href="https://example.org">link</a>')
    window.notice.add(message)
    text = window.notice.text
    assert text.text() == message  # every character as written
    # a picture 300 pixels high would make the label that high: plain text is a line or two
    assert text.sizeHint().height() < 150
    assert not text.openExternalLinks()
    assert text.textFormat() is Qt.TextFormat.PlainText
