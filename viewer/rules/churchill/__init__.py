"""Pure rules of game `churchill` (no Panel imports).

Modules: :mod:`.table` (seating, the conference table and issue movement, Churchill 3.2.1, 5.22-5.26),
:mod:`.agenda` (agenda, tie-break and conference winner, 4.21, 4.5, 5.13-5.14, 5.27),
:mod:`.decision` (production, directed offensives, theater leadership, 6.3-6.9),
:mod:`.polmil` (the Pol-Mil table and its placement rules, 5.12, 4.31-4.32),
:mod:`.war` (front advance, A-bomb, final victory, 4.33, 4.4, 6.10), :mod:`.board` (the board layout)
and :mod:`.stepper` (the sequence of play of 4.1 as steps).
"""
