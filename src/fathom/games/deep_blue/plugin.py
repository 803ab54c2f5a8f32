"""Deep Blue as fathom finds it: its one :class:`GamePlugin`, declared in the entry-point group
``fathom.games`` (fathom's ``pyproject.toml``). Every part is named, not imported: looking the game up
loads nothing else of it."""

from fathom.core.plugins import GamePlugin

_HERE = "fathom.games.deep_blue"

PLUGIN = GamePlugin(
    name="deep-blue", title="Deep Blue", ident="deep_blue", camel="DeepBlue",
    engine=f"{_HERE}.game:DeepBlueGame",
    bots={"greedy": f"{_HERE}.bots.greedy:DeepBlueGreedyBot",
          "heuristic": f"{_HERE}.bots.heuristic:DeepBlueHeuristicBot"},
    search=f"{_HERE}.bots.search:DeepBlueSearch",
    renderer=f"{_HERE}.terminal:DeepBlueRenderer",
    encoder=f"{_HERE}.encoding:DeepBlueEncoder",
    reward_bound=400.0, episode_length=20_000,
    stats=f"{_HERE}.stats:statistics",
    summary_fields=("dives_led", "dives_led_resurfaced", "vp_leading", "dives_joined", "vp_joining",
                    "resurfaced", "best_dive", "crew_hired"),
    end_screen=f"{_HERE}.end:end_summary",
    profile=f"{_HERE}.profile:profile_counts",
    report=f"{_HERE}.report:section",
    odds_table=f"{_HERE}.terminal.odds_table:odds_table",
    odds_arguments=f"{_HERE}.terminal.odds_table:add_odds_arguments",
    page_odds=f"{_HERE}.page_odds:page_odds",
    review=("leader-calls", f"{_HERE}.review:leader_calls"),
    review_table=f"{_HERE}.terminal.review:review_table",
    data_checker=f"{_HERE}.data:check_data_file",
    analysis=f"{_HERE}.analysis:DeepBlueAnalysis",
    move_facts=f"{_HERE}.move_facts:move_facts",
    compiled=f"{_HERE}.kernels.compiled:COMPILED",
    web=_HERE,
    messages=_HERE,
    oracle=f"{_HERE}.oracle:HandsOracle",
)
