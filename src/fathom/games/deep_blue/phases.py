"""The steps of a Deep Blue turn, as small integers (a state is always in exactly one)."""

SETUP_TILE = 0  # chance: which starting tile goes on the next starting site (R-DB-3)
MARKET_DRAW = 1  # chance: the next crew card laid face up in the market (R-DB-2)
TURN = 2  # choose Recruit (a slot) / Refresh / Sail / Rest / Dive (a site)
PAY = 3  # pay a hire or a refresh card by card or token (R-DB-5)
TAKE = 4  # after a refresh, take one new market card for free
SAIL_PAY = 5  # play propeller cards / tokens (R-DB-6)
SAIL_MOVE = 6  # move boats edge by edge
REVEAL = 7  # chance: which advanced tile a face-down site holds (R-DB-3)
SCATTER = 8  # chance: Scattered Wealth gem placed on a tile (R-DB-15)
SCOUT = 9  # choose a free scouting spot for a landing boat
STORM_ORDER = 10  # A Storm is Coming: which revealed Sunken City to dive first (R-DB-16)
RUSH = 11  # each player, leader first, may rush boats in (R-DB-8)
DRAW = 12  # chance: the next gem from the bag
DEFEND = 13  # defend against a hazard or resurface (R-DB-9)
PLAY = 14  # play crew cards whose needs are met (R-DB-9, R-DB-10)
CONTINUE = 15  # the leader continues or stops
REST_DRAW = 16  # chance: a card drawn from the shuffled rest pile (R-DB-7)
OVER = 17
SETUP_SCENARIO = 18  # chance: the Captain's Log card drawn when scenario=random (R-DB-1)
SETUP_FIRST = 19  # chance: the first player, unless option first_player names one (R-DB-1)

NAMES = (
    "setup-tile", "market-draw", "turn", "pay", "take", "sail-pay", "sail-move", "reveal", "scatter", "scout",
    "storm-order", "rush", "draw", "defend", "play", "continue", "rest-draw", "over", "setup-scenario", "first-player",
)
CHANCE_PHASES = frozenset({SETUP_SCENARIO, SETUP_FIRST, SETUP_TILE, MARKET_DRAW, REVEAL, SCATTER, DRAW, REST_DRAW})
