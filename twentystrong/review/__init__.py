"""The game review: each decision of a recorded game weighed by an evaluator (the expert bot), what it cost in the
chance to win, and the decisions that cost more than a set amount said in words (issue 30).

- :mod:`~twentystrong.review.evaluator`: what the review asks of an evaluator (the seam: the expert answers it).
- :mod:`~twentystrong.review.review`: a game's history replayed to every decision the player made, each weighed
  from the player's view at that moment (R12: never a hidden card); progress and cancellation.
- :mod:`~twentystrong.review.words`: the review in words a player understands, and a text chart of the win chance.

Kept in the record once computed (:mod:`twentystrong.record.reviews`). Pure Python: never imports textual or rich
(architecture.md contract 1).
"""
