"""Qt's own words (key names such as "Strg+Eingabe" on the Keys page and the buttons, standard
buttons) in the learner's language: the window switches them with its own
(``tutor.ui.window.MainWindow.retranslate_ui``)."""

from __future__ import annotations

from PySide6.QtCore import QLibraryInfo, QTranslator
from PySide6.QtWidgets import QApplication

from tutor.i18n import SOURCE_LANGUAGE, Language

_qt_translation: list[QTranslator] = []  # Qt's own words in the language in force


def use_qt_language(code: Language) -> None:
    """Qt's own words in the language ``code``; English needs none."""
    app = QApplication.instance()
    if app is None:
        return
    if _qt_translation and _qt_translation[0].language().split("_")[0] == code:
        return
    while _qt_translation:
        app.removeTranslator(_qt_translation.pop())
    if code == SOURCE_LANGUAGE:
        return
    translator = QTranslator()
    path = QLibraryInfo.path(QLibraryInfo.LibraryPath.TranslationsPath)
    if translator.load(f"qtbase_{code}", path):
        app.installTranslator(translator)
        _qt_translation.append(translator)
