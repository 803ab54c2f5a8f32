"""Issue 52, getting in: bots with names, the page told when a bot is thinking, replay by turns."""

from __future__ import annotations

import json
import re

from server_helpers import bearer, hello, make_table, play_out, recv, wait_over

from fathom.i18n import catalog
from fathom.server.botnames import BOT_NAMES, name_bots
from fathom.server.live import Client


def test_every_bot_gets_its_own_name_and_a_persons_name_is_never_reused():
    seats = [{"kind": "human", "name": "Sylvia"}, {"kind": "bot", "bot": "2", "name": ""},
             {"kind": "bot", "bot": "3", "name": ""}, {"kind": "bot", "bot": "1", "name": "Robo"}]
    name_bots(seats, seed=0)  # seed 0: the list from its start, Sylvia taken by the person
    assert [s["name"] for s in seats] == ["Sylvia", BOT_NAMES[1], BOT_NAMES[2], "Robo"]
    other = [{"kind": "bot", "bot": "2", "name": ""} for _ in range(5)]
    name_bots(other, seed=3)
    names = [s["name"] for s in other]
    assert len(set(names)) == 5 and names[0] == BOT_NAMES[3]  # rotated by the seed, all different


def test_a_new_table_names_its_bots_for_every_page_and_the_lobby(client):
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "2"},
                                {"kind": "bot", "bot": "1"}], seed=8)
    meta = client.get(f"/api/tables/{links['id']}").json()
    names = [s["name"] for s in meta["seats"]]
    assert names[0] == "Ann" and names[1] in BOT_NAMES and names[2] in BOT_NAMES and names[1] != names[2]
    assert [s["bot"] for s in meta["seats"]] == [None, "2", "1"]  # the level stays beside the name
    listed = next(r for r in client.get("/api/tables").json() if r["id"] == links["id"])
    assert [s["name"] for s in listed["seats"]] == names


def test_bot_levels_are_words_in_both_languages_and_french_seats_avoid_the_traps():
    for lang, words in (("en", ["Random", "Easy", "Normal", "Hard"]), ("fr", ["Au hasard", "Facile", "Normal", "Difficile"])):
        ui = catalog(lang).ui
        assert [ui[f"bot.level.{n}"] for n in range(4)] == words
        assert "{name}" in ui["bot.named"] and "{level}" in ui["bot.named"]
    fr = catalog("fr").ui
    # "Place 2" reads as "2nd place", "Personne" as "nobody"
    assert fr["t.seat"] == "Joueur {n}" and fr["lobby.seat"] == "Siège {n}"
    assert fr["lobby.person"] != "Personne"
    assert not [k for k, v in fr.items() if re.search(r"\bplaces? \{n\}|[Ll]a place \{", v)]


def test_the_page_is_told_which_bot_is_thinking(client):
    """A bot at pace 300 ms: the person's page hears ``thinking`` for that seat before its move comes,
    a fresh state says so meanwhile, and once the bot moved the mark is gone."""
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}],
                       seed=5, bot_delay_ms=300, options={"first_player": 0})
    tid, token = links["id"], links["seats"][0]["token"]
    heard = None
    with client.websocket_connect(f"/ws/{tid}") as ws:
        hello(ws, token)
        for _ in range(400):
            msg = recv(ws)
            if msg["type"] == "thinking":
                heard = msg
                assert msg["seat"] == 1
                mid = client.get(f"/api/tables/{tid}/state").json()
                assert mid["to_move"] == 1 and mid["thinking"] == 1  # a page that connects now shows it too
            elif msg["type"] == "state" and heard and msg["to_move"] != 1:
                assert msg["thinking"] is None  # the bot moved: the mark goes
                break
            elif msg["type"] == "state" and msg["to_move"] == 0 and msg["legal"]:
                assert msg["thinking"] is None
                ws.send_text(json.dumps({"type": "act", "action": msg["legal"][-1][1], "expect": msg["move_number"]}))
        else:
            raise AssertionError("the bot never moved")
    assert heard is not None


def test_a_state_never_says_thinking_for_a_seat_that_is_not_to_move(client):
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}], seed=2)
    table = client.app.state.referee.get(links["id"])
    table.thinking = 1 - table.state.current_player if table.state.current_player >= 0 else 0
    assert table.state_message(Client(send=None, seat=None))["thinking"] is None


def _finished(client, game: str, seed: int) -> dict:
    links = make_table(client, [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"},
                                {"kind": "bot", "bot": "1"}], game=game, seed=seed)
    play_out(client, links)
    return links


def test_replay_by_turns_folds_chance_into_the_move_that_caused_it(client):
    for game, seed in (("deep-blue", 4), ("into-the-blue", 6)):
        links = _finished(client, game, seed)
        tid = links["id"]
        table = client.app.state.referee.get(tid)
        data = client.get(f"/api/tables/{tid}/turns").json()
        log = table.log
        assert data["total"] == len(log)
        moves = [m for turn in data["turns"] for m in turn["moves"]]
        starts = {turn["start"] for turn in data["turns"]}
        decisions = [k for k, e in enumerate(log) if e.actor >= 0]
        assert [m["step"] for m in moves] == decisions  # one replay step per decision, none per draw
        leads = sum(t["lead"] for t in data["turns"])
        assert sum(m["chance"] for m in moves) + leads + data["setup"] == len(log) - len(decisions)
        for m in moves:  # a move's chance steps are the log's chance entries right after it
            assert all(log[k].actor < 0 for k in range(m["step"] + 1, m["end"]))
            assert m["end"] == len(log) or log[m["end"]].actor >= 0 or m["end"] in starts
            assert m["action"] == log[m["step"]].name
        for turn in data["turns"]:  # a turn's opening draws come before its first decision
            assert all(log[k].actor < 0 for k in range(turn["start"], turn["start"] + turn["lead"]))
            assert turn["moves"] and turn["moves"][0]["step"] == turn["start"] + turn["lead"]
        assert leads > 0 if game == "into-the-blue" else True  # each Into the Blue turn opens with a roll
        # turns follow the engine's turn seat: consecutive turns belong to different seats
        seats = [t["seat"] for t in data["turns"]]
        assert all(a != b for a, b in zip(seats, seats[1:])) and set(seats) == {0, 1, 2}
        assert [t["turn"] for t in data["turns"]] == list(range(1, len(seats) + 1))
        assert len(data["turns"]) < len(moves) < len(log)
        # only decisions are named (every seat saw them); a chance step (a card drawn back from one's
        # own rest pile, seen by that seat alone) is only counted
        named = {m["action"] for m in moves}
        secret = {e.name for e in log if e.actor < 0} - {e.name for e in log if e.actor >= 0}
        assert secret and not named & secret
        assert all(set(m) == {"step", "end", "seat", "action", "chance"} for m in moves)
        st = client.get(f"/api/tables/{tid}/replay?step={moves[3]['end']}").json()
        assert st["step"] == moves[3]["end"]  # a move's end is a position the replay shows


def test_the_turns_of_a_game_in_play_are_refused(client):
    links = make_table(client)
    res = client.get(f"/api/tables/{links['id']}/turns")
    assert res.status_code == 409 and res.json()["error"] == "not-over"


def test_an_all_bot_table_replays_by_turns(client):
    client.app.state.referee.bot_table_pace = 0.001
    links = make_table(client, [{"kind": "bot", "bot": "1"}, {"kind": "bot", "bot": "0"}], seed=21,
                       game="into-the-blue")
    wait_over(client, links["id"])
    data = client.get(f"/api/tables/{links['id']}/turns", headers=bearer(None)).json()
    assert data["turns"] and data["turns"][-1]["end"] == data["total"]
