"""Into the Blue as fathom finds it: its one :class:`GamePlugin`, declared in the entry-point group
``fathom.games`` (fathom's ``pyproject.toml``). Every part is named, not imported: looking the game up
loads nothing else of it."""

from fathom.core.plugins import GamePlugin

_HERE = "fathom.games.into_the_blue"

PLUGIN = GamePlugin(
    name="into-the-blue", title="Into the Blue", ident="into_the_blue", camel="IntoTheBlue",
    engine=f"{_HERE}.game:IntoTheBlueGame",
    bots={"greedy": f"{_HERE}.bots.greedy:IntoTheBlueGreedyBot",
          "expert": f"{_HERE}.bots.expert:IntoTheBlueExpertBot",
          "heuristic": f"{_HERE}.bots.expert:IntoTheBlueHeuristicBot"},
    search=f"{_HERE}.bots.search:IntoTheBlueSearch",
    renderer=f"{_HERE}.terminal.renderer:IntoTheBlueRenderer",
    encoder=f"{_HERE}.encoding:IntoTheBlueEncoder",
    policy_features=f"{_HERE}.policy_features:policy_features",
    reward_bound=120.0, episode_length=5_000,
    stats=f"{_HERE}.stats:statistics",
    summary_fields=("seat_dives", "seat_dives_failed", "seat_dives_perfect", "shells_placed", "chests"),
    end_screen=f"{_HERE}.end:end_summary",
    profile=f"{_HERE}.profile:profile_counts",
    report=f"{_HERE}.report:section",
    odds_table=f"{_HERE}.terminal.odds_table:odds_table",
    page_odds=f"{_HERE}.page_odds:page_odds",
    review=("dice-choices", f"{_HERE}.review:dice_choices"),
    review_table=f"{_HERE}.terminal.review:review_table",
    data_checker=f"{_HERE}.data:check_data_file",
    analysis=f"{_HERE}.analysis:IntoTheBlueAnalysis",
    move_facts=f"{_HERE}.move_facts:move_facts",
    compiled=f"{_HERE}.kernels.compiled:COMPILED",
    web=_HERE,
    messages=_HERE,
)
