"""After the game: every unforced decision of a saved game weighed by level 3's search.

Why a package of its own: the analysis sits above the bots (it runs their search policy and
compiled playouts) and beside the front ends that show it (``fathom analyze``, the web
replay's win-chance graph). It knows no game: each game's own parts (how a finished playout
turns into win chances, the exact odds of its dive calls, the position in words) are named by
its plugin (:attr:`fathom.core.plugins.GamePlugin.analysis`).

Every number comes from the deciding seat's own view at the time: positions are only
determinized for that seat, as level 3 does, never read for hidden cards or the bag order.
"""

from fathom.analysis.decision import Decision, Settings, analyse_decision
from fathom.analysis.game import GameAnalysis, analyse_game, decision_points
from fathom.analysis.marks import MARKS, mark_of

__all__ = ["MARKS", "Decision", "GameAnalysis", "Settings", "analyse_decision", "analyse_game",
           "decision_points", "mark_of"]
