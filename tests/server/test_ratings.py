"""Ratings (issue 51): a finished table with accounts seated is counted once, and a rated one moves
everyone's openskill (Plackett-Luce) rating by the engine's places; a leaver is ranked last."""

from __future__ import annotations

import os
import secrets
import threading
from pathlib import Path

import pytest

from fathom.bots.registry import make_bot
from fathom.core.api import CHANCE, State
from fathom.core.registry import new_game
from fathom.server import ratings, standings
from fathom.server.db import LoggedAction, Store, TableRecord, database_url
from fathom.server.protocol import ProtocolError
from fathom.server.results import leavers, rated_ranks, table_results
from fathom.server.specs import check_rated

GAME = "into-the-blue"


def finished(seed: int, players: int = 2, game: str = GAME) -> State:
    """A whole game played by random bots (the dice from the state's own generator)."""
    st = new_game(game, players=players, seed=seed)
    bots = [make_bot("random", game, seed * 10 + i) for i in range(players)]
    while not st.is_terminal():
        st.apply(st.sample_chance() if st.current_player == CHANCE else bots[st.current_player].choose(st.clone()))
    return st


def first_game(want_tie: bool, players: int = 2) -> State:
    """The first seed whose game ends in a shared victory (``want_tie``) or with one winner."""
    for seed in range(200):
        st = finished(seed, players)
        if (len(st.winners()) > 1) == want_tie:
            return st
    raise AssertionError("no such game in 200 seeds")


def log_of(st: State, away: dict[int, int] | None = None) -> list[LoggedAction]:
    """The table's log of ``st``: people's moves, the dice; seat s's moves from its ``away[s]``-th own move on
    played by the stand-in (source ``clock``), as the turn clock logs them."""
    away = away or {}
    out, own = [], {}
    for action, who in zip(st.history(), st.movers()):
        if who == CHANCE:
            out.append(LoggedAction(action, "", CHANCE, "chance"))
            continue
        own[who] = own.get(who, 0) + 1
        source = "clock" if who in away and own[who] > away[who] else "human"
        out.append(LoggedAction(action, "", who, source))
    return out


def record(table_id: str, st: State, accounts: list[str | None], rated: bool = True,
           bots: dict[int, str] | None = None) -> TableRecord:
    bots = bots or {}
    seats = [{"kind": "bot", "bot": bots[i], "name": f"Bot {i}"} if i in bots
             else {"kind": "human", "name": a or f"P{i}", **({"account": a} if a else {})}
             for i, a in enumerate(accounts)]
    options = {k: v for k, v in st.game.options.items() if k != "data_file"}
    return TableRecord(id=table_id, game=st.game.name, players=len(seats), seed=st.seed, options=options,
                       seats=seats, settings={"rated": rated}, status="over")


@pytest.fixture()
def store(tmp_path: Path):
    s = Store(database_url(str(tmp_path / "r.db")))
    yield s
    s.close()


def test_one_rated_game_moves_both_and_counts_one_each(store: Store) -> None:
    st = first_game(want_tie=False)
    winner = st.winners()[0]
    names = ["alice", "bob"]
    assert standings.record_finished(store, record("t1", st, names), st, log_of(st))
    board = {row["name"]: row for row in standings.leaderboard(store, GAME)}
    assert board["alice"]["games"] == board["bob"]["games"] == 1
    won, lost = standings.player(store, names[winner]), standings.player(store, names[1 - winner])
    assert won is not None and lost is not None
    assert won["ratings"][GAME]["mu"] > ratings.NEW.mu > lost["ratings"][GAME]["mu"]
    for p in (won, lost):
        assert p["ratings"][GAME]["sigma"] < ratings.NEW.sigma  # the model is surer of both
        assert p["ratings"][GAME]["ordinal"] == pytest.approx(p["ratings"][GAME]["mu"] - 3 * p["ratings"][GAME]["sigma"], abs=1e-3)
        assert [h["table"] for h in p["history"]] == ["t1"]
    assert won["stats"]["wins"] == 1 and lost["stats"]["wins"] == 0
    assert won["history"][0]["rank"] == 1 and lost["history"][0]["rank"] == 2


def test_a_shared_victory_is_a_tie(store: Store) -> None:
    """R-IB-6: equal totals share the victory; the rating learns a tie (equal places): both stay level."""
    st = first_game(want_tie=True)
    assert st.scores()[0] == st.scores()[1]
    standings.record_finished(store, record("tie", st, ["alice", "bob"]), st, log_of(st))
    a, b = standings.player(store, "alice"), standings.player(store, "bob")
    assert a and b
    assert a["ratings"][GAME]["mu"] == pytest.approx(b["ratings"][GAME]["mu"]) == pytest.approx(ratings.NEW.mu)
    assert a["ratings"][GAME]["sigma"] < ratings.NEW.sigma
    assert a["history"][0]["rank"] == b["history"][0]["rank"] == 1
    assert a["stats"]["wins"] == b["stats"]["wins"] == 1  # a shared victory is a win for each


def test_a_leaver_is_ranked_last_even_when_ahead(store: Store) -> None:
    """The winner on points whose stand-in played to the end is rated last; the other one first."""
    st = first_game(want_tie=False)
    winner = st.winners()[0]
    log = log_of(st, away={winner: 3})
    assert leavers(log) == {winner}
    names = ["alice", "bob"]
    standings.record_finished(store, record("left", st, names), st, log)
    gone, stayed = standings.player(store, names[winner]), standings.player(store, names[1 - winner])
    assert gone and stayed
    assert gone["history"][0]["rank"] == 2 and stayed["history"][0]["rank"] == 1
    assert stayed["ratings"][GAME]["mu"] > gone["ratings"][GAME]["mu"]
    assert gone["recent"][0]["left"] and gone["recent"][0]["rank"] == 1  # the engine's place is kept, shown as left
    assert gone["stats"]["wins"] == 0


def test_a_seat_that_came_back_did_not_leave() -> None:
    st = first_game(want_tie=False)
    log = log_of(st, away={0: 2})
    last_own = max(i for i, e in enumerate(log) if e.actor == 0)
    log[last_own] = LoggedAction(log[last_own].action, "", 0, "human")  # it took its seat back for the last move
    assert leavers(log) == set()


def test_rated_ranks_keep_the_engines_order_and_put_leavers_last() -> None:
    st = finished(3, players=4)
    results = table_results(record("x", st, ["a", "b", "c", "d"]), st, log_of(st, away={0: 1, 2: 1}))
    ranks = rated_ranks(results)
    assert ranks[0] == ranks[2] == 3  # both leavers share last place, behind the two who stayed
    one, three = results[1].rank, results[3].rank  # the engine's places of the two who stayed
    assert (ranks[1], ranks[3]) == ((1, 1) if one == three else (1, 2) if one < three else (2, 1))


def test_counted_once_even_if_two_processes_finish_it(tmp_path: Path) -> None:
    """Two server processes (two stores on one database) both handle the end at once: one counts it."""
    url = database_url(str(tmp_path / "two.db"))
    one, two = Store(url), Store(url)
    st = first_game(want_tie=False)
    rec = record("twice", st, ["alice", "bob"])
    log = log_of(st)
    done: list[bool] = []
    go = threading.Barrier(2)

    def finish(s: Store) -> None:
        go.wait()
        done.append(standings.record_finished(s, rec, st, log))

    threads = [threading.Thread(target=finish, args=(s,)) for s in (one, two)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert sorted(done) == [False, True]
    assert not standings.record_finished(one, rec, st, log)  # and a third time, later: nothing
    for name in ("alice", "bob"):
        p = standings.player(two, name)
        assert p and p["ratings"][GAME]["games"] == 1 and p["stats"]["games"] == 1 and len(p["history"]) == 1
    one.close()
    two.close()


def test_leaderboard_order_and_pages(store: Store) -> None:
    """Best shown rating first; a player who keeps winning climbs above one who keeps losing."""
    st = first_game(want_tie=False)
    w = st.winners()[0]
    for k in range(3):  # carol beats dave three times
        names = ["carol", "dave"] if w == 0 else ["dave", "carol"]
        standings.record_finished(store, record(f"g{k}", st, names), st, log_of(st))
    names = ["erin", "dave"] if w == 0 else ["dave", "erin"]
    standings.record_finished(store, record("g3", st, names), st, log_of(st))
    board = standings.leaderboard(store, GAME)
    assert [r["name"] for r in board][0] == "carol"
    assert [r["name"] for r in board][-1] == "dave"
    assert [r["ordinal"] for r in board] == sorted((r["ordinal"] for r in board), reverse=True)
    assert {r["name"]: r["games"] for r in board} == {"carol": 3, "dave": 4, "erin": 1}
    assert standings.leaderboard(store, GAME, offset=1, limit=1) == board[1:2]
    assert standings.leaderboard(store, "deep-blue") == []


def test_bots_at_a_rated_table_have_their_own_rating_off_the_board(store: Store) -> None:
    st = first_game(want_tie=False)
    standings.record_finished(store, record("b", st, ["alice", None], bots={1: "greedy"}), st, log_of(st))
    assert [r["name"] for r in standings.leaderboard(store, GAME)] == ["alice"]
    assert standings.player(store, "bot:greedy") is not None  # kept, to rate the next game against


def test_an_unrated_table_counts_in_the_profile_not_the_rating(store: Store) -> None:
    st = first_game(want_tie=False)
    standings.record_finished(store, record("u", st, ["alice", "bob"], rated=False), st, log_of(st))
    p = standings.player(store, "alice")
    assert p and p["ratings"] == {} and p["history"] == [] and p["stats"]["games"] == 1
    assert p["recent"][0]["rated"] is False
    assert standings.leaderboard(store, GAME) == []


def test_profile_stats_are_the_games_own_counts_and_no_hand(store: Store) -> None:
    """Deep Blue's dives led, joined and resurfaced, as its own statistics count them; nothing of a hand."""
    from fathom.games.deep_blue.stats import statistics

    st = finished(5, players=2, game="deep-blue")
    standings.record_finished(store, record("db", st, ["alice", "bob"]), st, log_of(st))
    p = standings.player(store, "alice")
    assert p is not None
    counts = p["stats"]["by_game"]["deep-blue"]["counts"]
    record_ = statistics(st.events(None), 2)
    assert counts == {"dives_led": record_["dives_led"][0], "dives_joined": record_["dives_joined"][0],
                      "resurfaced": record_["resurfaced"][0]}
    assert counts["dives_led"] > 0
    assert p["stats"]["average_vp"] == float(st.scores()[0])
    text = repr(p)
    for secret in ("hand", "deck", "bag", "view", "cards"):
        assert secret not in text


def test_rated_tables_need_accounts_in_every_persons_seat() -> None:
    people = [{"kind": "human", "name": "A", "account": "alice"}, {"kind": "human", "name": "B", "account": "bob"}]
    check_rated(people)  # fine
    with pytest.raises(ProtocolError, match="bad-table") as err:
        check_rated([people[0], {"kind": "human", "name": "Guest"}])
    assert "held by an account" in err.value.params["detail"]
    with pytest.raises(ProtocolError) as err:
        check_rated([people[0], {"kind": "human", "name": "", "open": True}])
    assert "open to the lobby" in err.value.params["detail"]
    with pytest.raises(ProtocolError) as err:
        check_rated([people[0], {"kind": "bot", "bot": "greedy", "name": "Bot"}])
    assert "--rated-bots" in err.value.params["detail"]
    check_rated([people[0], {"kind": "bot", "bot": "greedy", "name": "Bot"}], rated_bots=True)
    with pytest.raises(ProtocolError) as err:
        check_rated([people[0], dict(people[0])])
    assert "holds two seats" in err.value.params["detail"]
    with pytest.raises(ProtocolError) as err:
        check_rated(people, save=True)
    assert "save" in err.value.params["detail"]


def _at_once(stores: list[Store], jobs: list[tuple[TableRecord, State, list[LoggedAction]]]) -> list[bool]:
    """Each store (a server process) counts its job at the same instant; what each call answered."""
    done: list[bool] = [False] * len(jobs)
    go = threading.Barrier(len(jobs))

    def run(i: int) -> None:
        go.wait()
        done[i] = standings.record_finished(stores[i], *jobs[i])

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(jobs))]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return done


def test_two_tables_ending_at_once_both_count(tmp_path: Path) -> None:
    """Two tables with the same two new players end at once on two processes: both count (the one that
    lost the race to make a player's first rating tries again), 2 games each."""
    url = database_url(str(tmp_path / "race.db"))
    stores = [Store(url), Store(url)]
    st = first_game(want_tie=False)
    jobs = [(record(tid, st, ["alice", "bob"]), st, log_of(st)) for tid in ("r1", "r2")]
    assert _at_once(stores, jobs) == [True, True]
    for name in ("alice", "bob"):
        p = standings.player(stores[0], name)
        assert p and p["ratings"][GAME]["games"] == 2 and len(p["history"]) == 2
    for s in stores:
        s.close()


POSTGRES = os.environ.get("FATHOM_TEST_POSTGRES_URL")


@pytest.mark.xdist_group("postgres")
@pytest.mark.skipif(not POSTGRES and not os.environ.get("CI"), reason="set FATHOM_TEST_POSTGRES_URL")
def test_counted_once_on_postgres_with_two_processes() -> None:
    """The same on one PostgreSQL database: two processes finish one table at once (one counts it), and
    two tables with the same players at once (both count)."""
    assert POSTGRES, "FATHOM_TEST_POSTGRES_URL must name a PostgreSQL database (CI sets it in .ci/run)"
    url = database_url(POSTGRES)
    stores = [Store(url), Store(url)]
    tag = secrets.token_hex(3)  # names and tables of this run only: the database is shared
    a, b = f"pa{tag}", f"pb{tag}"
    st = first_game(want_tie=False)
    one = (record(f"pg1{tag}", st, [a, b]), st, log_of(st))
    assert sorted(_at_once(stores, [one, one])) == [False, True]
    two = [(record(f"pg{k}{tag}", st, [a, b]), st, log_of(st)) for k in (2, 3)]
    assert _at_once(stores, two) == [True, True]
    for name in (a, b):
        p = standings.player(stores[1], name)
        assert p and p["ratings"][GAME]["games"] == 3 and len(p["history"]) == 3
    for s in stores:
        s.close()


def test_the_referee_counts_a_rated_table_when_its_last_move_ends_it(tmp_path: Path) -> None:
    """The move that ends a rated table, played through the referee as a page or HTTP would, counts it:
    both players' ratings exist with 1 game; the table's end is stored whatever the rating does."""
    from server_helpers import run_async

    from fathom.server.tables import Referee

    st = first_game(want_tie=False)
    full = log_of(st)
    last = max(i for i, e in enumerate(full) if e.actor >= 0)  # the last person's move; only dice after it
    rec = record("ref1", st, ["alice", "bob"])
    rec.settings.update({"clock": 0, "bot_delay_ms": 0, "stand_in": "0", "hints": True, "spectator_chat": False})
    rec.status = "playing"
    store = Store(database_url(str(tmp_path / "ref.db")))
    store.create_table(rec, full[:last])
    ref = Referee(store, bot_workers=1)

    async def finish() -> None:
        table = await ref.open("ref1")
        assert not table.over and table.state.current_player == full[last].actor
        await ref.act(table, full[last].actor, full[last].action)
        assert table.over

    run_async(finish())
    assert store.table("ref1").status == "over"
    board = {r["name"]: r["games"] for r in standings.leaderboard(store, GAME)}
    assert board == {"alice": 1, "bob": 1}
    assert standings.counted(store, "ref1")
    store.close()


def test_a_table_left_uncounted_is_counted_when_the_server_starts(tmp_path: Path) -> None:
    """The process stored the last move and stopped before counting it: the next start counts it, once."""
    from server_helpers import run_async

    from fathom.server.tables import Referee

    st = first_game(want_tie=False)
    store = Store(database_url(str(tmp_path / "late.db")))
    store.create_table(record("late", st, ["alice", "bob"]), log_of(st))  # over, never counted
    store.create_table(record("plain", st, [None, None]), log_of(st))  # no account: nothing to count
    assert standings.uncounted(store) == ["late"]
    ref = Referee(store, bot_workers=1)
    run_async(ref.restore_all())
    assert standings.uncounted(store) == []
    assert {r["name"]: r["games"] for r in standings.leaderboard(store, GAME)} == {"alice": 1, "bob": 1}
    assert run_async(ref.count_uncounted()) == 0
    store.close()
