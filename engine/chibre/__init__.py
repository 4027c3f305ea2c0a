"""Chibre, the four-player Swiss Jass of RULES.md: everything of the game in one folder.

- ``game``: the rules as a checked state machine (``Game``, ``GameView``), with
  ``announcements`` (Weis and Stöck), ``scoring`` (the match, pique double, the rubicon, the
  slate) and ``conventions`` (the discard signal a table may agree on);
- ``bots``: random, heuristic and expert (PIMC over the double-dummy search, ``engine.dds``);
- ``coach``: what the coach says of each choice; ``par``: what the expert would have made of
  a round.

The shared core (cards, the legal-card and trick-winner rule, events, replay, card values) is
at the top of ``engine``; ``engine.bots`` and ``engine.coach`` name this folder's bots and
coach as DESIGN.md's stable API does.
"""
