"""The widgets every page draws with: cards, hands, tricks, the trump badge and the legend of
the card marks (``card``, ``hand``, ``trick``, ``marks``, painted by ``cardfaces``), the slate
(``slate``), a trick as a row (``trick_row``), the wrapping tool bar (``flow``) and the small
helpers of every page (``common``)."""
