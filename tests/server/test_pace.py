"""A table's pace pauses once per move, not once per step (fathom.server.pace): a sail with its
payments and legs is one move; a step with one legal action or a die never waits."""

from __future__ import annotations

import time

from server_helpers import bearer, make_table

from fathom.bots.registry import make_bot
from fathom.core.api import CHANCE
from fathom.core.registry import new_game
from fathom.server.pace import Pacer


def _bot_steps(seed: int, steps: int):
    """(state before, seat) of the first ``steps`` steps of a 4-seat Deep Blue game of level-2 bots."""
    state = new_game("deep-blue", players=4, seed=seed)
    bots = [make_bot("2", "deep-blue", seed=s) for s in range(4)]
    for _ in range(steps):
        if state.is_terminal():
            return
        yield state.clone()
        state.apply(state.sample_chance() if state.current_player == CHANCE else bots[state.current_player].choose(state))


def test_a_sail_and_its_payments_are_one_paused_move_and_forced_steps_or_dice_never_pause():
    pacer = Pacer(0.6)
    sails = 0
    last_decider = None
    for state in _bot_steps(seed=7, steps=400):
        pause = pacer.before(state)
        if state.current_player == CHANCE or len(state.legal_actions()) < 2:
            assert pause == 0.0, state.step_kind
            continue
        seat = state.current_player
        assert pause == (0.6 if seat != last_decider else 0.0), (state.step_kind, seat, last_decider)
        if state.step_kind == "sail-move":
            sails += 1
            assert pause == 0.0  # the legs of a sail follow the decision to sail without a pause
        last_decider = seat
    assert sails > 0  # the game had sails to look at


def test_no_pace_no_pause():
    state = next(iter(_bot_steps(seed=7, steps=40)))
    assert Pacer(0.0).before(state) == 0.0


def test_a_round_of_three_bots_comes_back_to_the_person_in_a_few_paces(client):
    """At a 300 ms pace, three bots' turns (level 1, so thinking takes nothing) take about three pauses,
    where one pause per step took many more (a Deep Blue turn is many steps)."""
    seats = [{"kind": "human", "name": "Ann"}] + [{"kind": "bot", "bot": "1"}] * 3
    links = make_table(client, seats, seed=3, bot_delay_ms=300, options={"first_player": 0})
    tid, token = links["id"], links["seats"][0]["token"]
    waits = []

    def person_turn(since: float) -> dict:
        while (st := client.get(f"/api/tables/{tid}/state", headers=bearer(token)).json())["to_move"] not in (0, "over"):
            time.sleep(0.02)
            assert time.monotonic() - since < 30
        return st

    for _ in range(4):
        st = person_turn(time.monotonic())
        start = time.monotonic()
        res = client.post(f"/api/tables/{tid}/act", json={"action": st["legal"][-1][0], "expect": st["move_number"]},
                          headers=bearer(token))
        assert res.status_code == 200, res.text
        person_turn(start)
        waits.append(time.monotonic() - start)
    # the first round also waits for the bot workers to boot; then about one pause per bot
    assert all(0.3 <= w < 2.5 for w in waits[1:]), waits
