"""The pages of the window's navigation: Progress, Learn (with the walkthrough of a round),
Puzzles, Rules, Settings, Keys and About (``home``). Play is a package of its own
(``tutor.ui.play``)."""
