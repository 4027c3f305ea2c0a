"""The Play page (``page``) and the table view of each game it hosts (``chibre``, ``pomme``,
on the shared ``base``), with the review and the statistics beside them (``review``)."""

from tutor.ui.play.page import KEYS, PlayPage

__all__ = ["KEYS", "PlayPage"]
