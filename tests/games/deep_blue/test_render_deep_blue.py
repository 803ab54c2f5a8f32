"""The Deep Blue terminal renderer: what a seat sees, what it never sees, and the odds notes."""

from __future__ import annotations

import io
import re
from collections.abc import Callable
from fractions import Fraction
from typing import Any

import pytest
from rich.console import Console

import fathom
from fathom.bots import make_bot
from fathom.games.deep_blue.terminal import DeepBlueRenderer
from fathom.cli.renderers import renderer_for
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.games.deep_blue import odds

RENDERER = DeepBlueRenderer()
DEFENCE_SPOTS = {"blue": ("blue", "blue_or_black"), "black": ("black", "blue_or_black")}

Cond = Callable[[State, dict[str, Any]], bool]


def render(view: dict[str, Any], seat: int | None, width: int = 100) -> str:
    console = Console(record=True, width=width, file=io.StringIO(), color_system=None)
    console.print(RENDERER.board(view, seat))
    return console.export_text()


def test_the_wreck_sites_go_under_the_map_on_an_80_column_terminal() -> None:
    state = fathom.new_game("deep-blue", players=4, seed=3)
    while state.current_player == CHANCE:  # the setup: starting tiles placed
        state.apply(state.sample_chance())
    view = state.view(0)
    wide, narrow = render(view, 0, width=100), render(view, 0, width=80)
    assert any("Map" in line and "Wreck sites" in line for line in wide.splitlines())  # side by side
    assert not any("Map" in line and "Wreck sites" in line for line in narrow.splitlines())
    assert "Spots+holder" in narrow and "start-1" in narrow  # whole, not cut to ellipses
    assert max(len(line.rstrip()) for line in narrow.splitlines()) <= 80


def new(players: int, seed: int, **options: Any) -> tuple[State, list[Any]]:
    state = fathom.new_game("deep-blue", players=players, seed=seed, **options)
    return state, [make_bot("greedy", "deep-blue", seed=i) for i in range(players)]


def advance(state: State, bots: list[Any], until: Cond | None = None, max_steps: int = 5000) -> bool:
    """Play greedy bots (chance from the state's seed) until ``until`` holds at a decision."""
    for _ in range(max_steps):
        player = state.current_player
        if player == TERMINAL:
            return False
        if player >= 0 and until is not None and until(state, state.view(player)):
            return True
        state.apply(state.sample_chance() if player == CHANCE else bots[player].choose(state))
    return False


def play_to(players: int, seed: int, until: Cond, **options: Any) -> State:
    for offset in range(20):  # a few seeds, in case one game never meets the condition
        state, bots = new(players, seed + offset, **options)
        if advance(state, bots, until):
            return state
    raise AssertionError("no seeded game reached the wanted position")


def card_names() -> dict[str, str]:
    return {c["id"]: c["name"] for c in fathom.make_game("deep-blue", players=3).describe()["cards"]}


def test_registered_renderer() -> None:
    assert isinstance(renderer_for("deep-blue"), DeepBlueRenderer)


def test_board_shows_market_hand_map_and_public_state() -> None:
    state = play_to(3, 1, lambda s, v: s.current_player == 0 and v["phase"] == "turn")
    view = state.view(0)
    text = render(view, 0)
    names = card_names()
    for entry in view["market"]:
        assert names[entry["card"]] in text
        assert f"slot{entry['slot']} ${entry['price']}" in text
    for card in view["seats"][0]["hand"]:
        assert names[card] in text
    assert "(??)" in text and "?? face down: A1 A2" in text  # every advanced tile starts face down
    assert "Hbr" in text and "B1" in text and "S3" in text
    assert f"Bag ({view['bag_count']})" in text and "Supply:" in text
    assert f"Market (deck {view['deck_count']}, refresh $4)" in text
    assert "Fresco 0/4" in text and "Troubled Waters" in text
    assert "▶ Your move: recruit" in text
    for site in view["sites"]:
        if site.get("tile") and not site["face_down"]:
            assert re.search(rf"{site['node']}\s+{site['tile']}\s+{site['leader_vp']}\b", text)
    assert max(len(line) for line in text.splitlines()) <= 100


def test_market_effect_is_compact() -> None:
    state = play_to(3, 1, lambda s, v: any(m["card"] == "coral-diver" for m in v["market"]))
    line = next(line for line in render(state.view(0), 0).splitlines() if "Coral Diver" in line)
    assert "Coral Diver 4VP ◆red $1 +1 ◆red" in " ".join(line.split())


def test_another_seats_hand_never_appears() -> None:
    """Seat 1 holds a card that appears nowhere seat 0 may see: its name must not be drawn."""
    names = card_names()

    def secret_card(view0: dict[str, Any], view1: dict[str, Any]) -> str | None:
        public = set(view0["seats"][0].get("hand", {})) | set(view0["seats"][0].get("rest", {}))
        public |= {m["card"] for m in view0["market"] if m["card"]}
        for seat in view0["seats"]:
            public |= set(seat["in_play"])
        for card in view1["seats"][1]["hand"]:
            if card not in public:
                return card
        return None

    state = play_to(3, 2, lambda s, v: secret_card(s.view(0), s.view(1)) is not None and s.move_number() > 60)
    hidden = secret_card(state.view(0), state.view(1))
    assert hidden is not None
    mine = render(state.view(0), 0)
    theirs = render(state.view(1), 1)
    assert names[hidden] in theirs
    assert names[hidden] not in mine
    assert "hand" not in state.view(0)["seats"][1]  # the renderer only ever receives the redacted view
    spectator = render(state.view(None), None)
    assert names[hidden] not in spectator and "hands and rest piles are hidden" in spectator


def test_dive_board_lists_gems_in_order_with_warnings_and_hazards() -> None:
    def hazard_drawn(state: State, view: dict[str, Any]) -> bool:
        dive = view["dive"]
        if not dive or view["phase"] != "continue":
            return False
        return any(dive["counts"].get(g, 0) >= 2 for g in ("blue", "black"))

    state = play_to(3, 3, hazard_drawn)
    view = state.view(state.current_player)
    text = render(view, state.current_player)
    drawn = view["dive"]["drawn"]
    line = next(line for line in text.splitlines() if f"Drawn ({len(drawn)}):" in line)
    assert re.findall(r"\d◆(\w+)", line) == drawn
    assert "warning" in line and "HAZARD" in line
    assert f"Dive at {view['dive']['site']}" in text
    assert "the next is a HAZARD" in text
    assert "VP so far (cards + gems)" in text


def hand_risk(view: dict[str, Any], seat: int, names_to_cards: dict[str, Any]) -> Fraction:
    """The single-draw chance by hand: dangerous colours this seat cannot defend, over the bag."""
    dive = view["dive"]
    me = view["seats"][seat]
    bad = 0
    for gem in ("blue", "black"):
        if not dive["counts"].get(gem):
            continue
        card = any(names_to_cards[c]["protects"] == gem for c in me["hand"])
        spot = any(b["node"] == dive["site"] and b["spot"] in DEFENCE_SPOTS[gem] for b in me["boats"])
        if not (card or spot):
            bad += view["bag"].get(gem, 0)
    return Fraction(bad, view["bag_count"])


def test_continue_note_is_the_exact_hazard_chance() -> None:
    cards = {c["id"]: c for c in fathom.make_game("deep-blue", players=3).describe()["cards"]}

    def risky_continue(state: State, view: dict[str, Any]) -> bool:
        if view["phase"] != "continue" or view["dive"]["sunken"]:
            return False
        p = hand_risk(view, state.current_player, cards)
        return 0 < p < 1

    checked = 0
    for players, seed in ((2, 4), (3, 5), (4, 6)):
        state = play_to(players, seed, risky_continue)
        seat = state.current_player
        actions = state.legal_actions()
        notes = RENDERER.action_notes(state, seat, actions)
        cont = next(a for a in actions if state.action_to_string(a) == "continue")
        view = state.view(seat)
        expected = hand_risk(view, seat, cards)
        shown = f"{expected.numerator}/{expected.denominator} = {float(expected) * 100:.1f}%"
        assert shown in notes[cont]
        stop = next(a for a in actions if state.action_to_string(a) == "stop")
        assert notes[stop].startswith("bank gems")
        checked += 1
    assert checked == 3


def notes_by_name(state: State, seat: int) -> dict[str, str]:
    notes = RENDERER.action_notes(state, seat, state.legal_actions())
    return {state.action_to_string(a): n for a, n in notes.items()}


def test_dive_moves_note_the_expected_vp_of_leading_the_dive() -> None:
    """Before a dive the coach prices each site: its leader's optimal-stopping value, from the view."""
    def can_dive(state: State, view: dict[str, Any]) -> bool:
        return any(state.action_to_string(a).startswith("dive ") for a in state.legal_actions())

    state = play_to(3, 2, can_dive)
    seat = state.current_player
    notes = notes_by_name(state, seat)
    dives = {name: note for name, note in notes.items() if name.startswith("dive ")}
    assert dives
    for name, note in dives.items():
        value = odds.dive_start_value(state.view(seat), state.game.components, seat, name.split()[1])
        assert f"you would expect {value:.1f} VP from it" in note and note.startswith("lead the dive on ")


def test_move_notes_explain_recruits_payments_and_routes() -> None:
    state = play_to(3, 1, lambda s, v: s.current_player == 0 and v["phase"] == "turn")
    names = card_names()
    view = state.view(0)
    notes = notes_by_name(state, 0)
    for entry in view["market"]:
        key = f"recruit slot{entry['slot']}"
        if key in notes:
            assert notes[key].startswith(f"${entry['price']}: {names[entry['card']]}")
    state = play_to(3, 1, lambda s, v: v["phase"] == "sail-move" and v["step"]["movement"] > 0)
    seat = state.current_player
    notes = notes_by_name(state, seat)
    sails = {k: v for k, v in notes.items() if k.startswith("sail boat")}
    assert sails and all(v.startswith("to " + k.split("->")[1]) or "harbour" in v for k, v in sails.items())
    state = play_to(3, 1, lambda s, v: v["phase"] == "pay")
    seat = state.current_player
    notes = notes_by_name(state, seat)
    pays = [v for k, v in notes.items() if k.startswith("pay ")]
    assert pays and all(v.startswith("$") for v in pays)
    assert "Pay $" in render(state.view(seat), seat)


@pytest.mark.parametrize(
    "players, scenario",
    [(2, "best-of-the-best"), (3, "storm"), (4, "scattered-wealth"), (5, "ruins-of-plenty")],
)
def test_whole_games_render_to_the_end(players: int, scenario: str) -> None:
    state, bots = new(players, 11 + players, scenario=scenario)
    shown = 0
    while advance(state, bots, lambda s, v: v["phase"] in ("defend", "scout", "continue", "sail-move")):
        seat = state.current_player
        if shown < 3 and state.move_number() % 3 == 0:
            text = render(state.view(seat), seat)
            assert max(len(line) for line in text.splitlines()) <= 100
            RENDERER.action_notes(state, seat, state.legal_actions())
            shown += 1
        state.apply(bots[seat].choose(state))
    assert state.current_player == TERMINAL
    view = state.view(0)
    text = render(view, 0)
    assert "Game over" in text and "final position" in text
    winners = view["winners"]
    assert all(("you" if w == 0 else f"seat {w}") in text.split("Game over", 1)[1] for w in winners)
    assert f"Fresco {view['fresco']}/4" in text


@pytest.mark.parametrize("scenario, sunken_reach", [("troubled-waters", 1), ("storm", 2), ("dangerous-reefs", 0)])
def test_r_db_8_rush_reach_shown_is_the_scenarios(scenario: str, sunken_reach: int) -> None:
    """The board says who may rush from how far: 1 move, on a Sunken City tile what the scenario
    allows (A Storm is Coming: 2, Dangerous Reefs: none), read from the box, as the engine plays it."""
    from fathom.games.deep_blue.terminal.look import box_for_view, box_of, rush_reach

    state = fathom.new_game("deep-blue", players=3, seed=1, scenario=scenario)
    view = state.view(0)
    box = box_of(*box_for_view(view))
    assert rush_reach(view, box, sunken=True) == sunken_reach == state.game.scenario.rush_distance
    assert rush_reach(view, box, sunken=False) == 1
