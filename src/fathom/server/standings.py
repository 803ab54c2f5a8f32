"""What the database keeps of finished tables with accounts seated: results, ratings, their history.

A finished table is recorded once, whichever process (or how many) handles its end: the first
statement of the one transaction inserts the table's row in ``fathom_finished`` (keyed by the table
id), so a second try fails on that key and changes nothing. The results, the ratings (read for
update, then written) and their history are written in that same transaction, so a table is either
wholly counted or not at all.
"""

from __future__ import annotations

import json
import time
from collections.abc import Sequence
from typing import Any

from sqlalchemy import func, insert, select, update
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from fathom.core.api import State
from fathom.server import account_store, ratings
from fathom.server.db import (
    LoggedAction,
    Store,
    TableRecord,
    finished_t,
    rating_history_t,
    ratings_t,
    results_t,
    tables_t,
)
from fathom.server.results import SeatResult, rated_ranks, table_results

TRIES = 3  # a transaction tried again when another table's rating made a player's first row at the same time
HISTORY_LIMIT = 500  # rating points a profile returns (the newest)
RECENT_LIMIT = 20  # recent tables a profile lists
UNCOUNTED_LIMIT = 500  # finished tables left uncounted that one start counts (the rest at the next)


def record_finished(store: Store, rec: TableRecord, state: State, log_: list[LoggedAction]) -> bool:
    """Count the finished table ``rec`` once: each account-held seat's result and, at a rated table,
    everyone's new rating. True if this call counted it; False if it was counted already (by this or
    another process) or no account sat at it."""
    if not any(s.get("account") for s in rec.seats if s.get("kind") == "human"):
        return False
    results = table_results(rec, state, log_)
    rated = bool(rec.settings.get("rated"))
    for _ in range(TRIES):
        try:
            with store.engine.begin() as conn:
                _record(conn, rec, results, rated)
            return True
        except IntegrityError:
            if counted(store, rec.id):
                return False  # another process (or an earlier call) counted it first
    raise RuntimeError(f"table {rec.id}: its results could not be written")


def uncounted(store: Store, limit: int = UNCOUNTED_LIMIT) -> list[str]:
    """Finished tables with an account seated that were never counted (the process that stored their last
    move stopped before counting them), oldest first: the server counts them as it starts."""
    query = (select(tables_t.c.id).select_from(tables_t.outerjoin(finished_t, finished_t.c.table_id == tables_t.c.id))
             .where(tables_t.c.status == "over", finished_t.c.table_id.is_(None),
                    tables_t.c.seats.contains('"account"'))
             .order_by(tables_t.c.updated).limit(limit))
    with store.engine.connect() as conn:
        return [row[0] for row in conn.execute(query)]


def counted(store: Store, table_id: str) -> bool:
    with store.engine.connect() as conn:
        return conn.execute(select(finished_t.c.table_id).where(finished_t.c.table_id == table_id)).first() is not None


def _record(conn: Connection, rec: TableRecord, results: list[SeatResult], rated: bool) -> None:
    now = time.time()
    # first: the table's mark (a second writer stops here, on its key, before anything else)
    conn.execute(insert(finished_t).values(table_id=rec.id, game=rec.game, rated=int(rated), at=now))
    conn.execute(insert(results_t), [
        {"table_id": rec.id, "seat": r.seat, "account": r.account, "game": rec.game, "players": rec.players,
         "rank": r.rank, "total": r.total, "left": int(r.left), "rated": int(rated),
         "stats": json.dumps(r.counts), "at": now}
        for r in results if r.account])
    if rated:
        _rate(conn, rec, results, now)


def _rate(conn: Connection, rec: TableRecord, results: list[SeatResult], now: float) -> None:
    """Everyone's rating at the table moved by its places (a leaver last); one history row per account."""
    keys = [r.key for r in results]
    if any(k is None for k in keys) or len(set(keys)) != len(keys):
        raise ValueError(f"table {rec.id}: a rated table needs one account or bot per seat")
    rows = conn.execute(select(ratings_t).where(ratings_t.c.game == rec.game, ratings_t.c.account.in_(keys))
                        .with_for_update()).all()
    known = {row.account: row for row in rows}
    before = [ratings.Rating(known[k].mu, known[k].sigma) if k in known else ratings.NEW for k in keys]
    ranks = rated_ranks(results)
    after = ratings.update(before, ranks)
    for key, new, rank, result in zip(keys, after, ranks, results):
        values = {"mu": new.mu, "sigma": new.sigma, "ordinal": new.ordinal, "updated": now}
        if key in known:
            conn.execute(update(ratings_t).where(ratings_t.c.account == key, ratings_t.c.game == rec.game)
                         .values(games=known[key].games + 1, **values))
        else:  # two tables making one player's first rating at once: one of them fails here and tries again
            conn.execute(insert(ratings_t).values(account=key, game=rec.game, games=1, **values))
        if result.account:
            conn.execute(insert(rating_history_t).values(
                account=key, table_id=rec.id, game=rec.game, at=now, rank=rank, players=rec.players,
                mu=new.mu, sigma=new.sigma, ordinal=new.ordinal))


# ---- reading ----------------------------------------------------------------------------------
def is_bot_key(name: str) -> bool:
    """A bot's rating key (``bot:<id>``): never a player's name (names have no colon)."""
    return ":" in name


def leaderboard(store: Store, game: str, offset: int = 0, limit: int = 50) -> list[dict[str, Any]]:
    """The players of ``game`` by their shown rating, best first (bots' ratings left out)."""
    query = (select(ratings_t.c.account, ratings_t.c.ordinal, ratings_t.c.games)
             .where(ratings_t.c.game == game, ~ratings_t.c.account.contains(":"))
             .order_by(ratings_t.c.ordinal.desc(), ratings_t.c.games.desc(), ratings_t.c.account)
             .offset(offset).limit(limit))
    with store.engine.connect() as conn:
        return [{"name": r.account, "ordinal": round(r.ordinal, 3), "games": r.games} for r in conn.execute(query)]


def player(store: Store, name: str) -> dict[str, Any] | None:
    """A player's ratings, rating history, statistics and recent tables (None: no such account, and nothing
    counted under that name). ``name`` in any case: the account's own spelling is answered. Only what the
    tables' public logs and end screens said: nobody's hand, no secret."""
    account = account_store.find(store, name)
    if account is not None:
        name = account.name
    with store.engine.connect() as conn:
        rating_rows = conn.execute(select(ratings_t).where(ratings_t.c.account == name)
                                   .order_by(ratings_t.c.game)).all()
        history_rows = conn.execute(select(rating_history_t).where(rating_history_t.c.account == name)
                                    .order_by(rating_history_t.c.at.desc()).limit(HISTORY_LIMIT)).all()
        result_rows = conn.execute(select(results_t).where(results_t.c.account == name)).all()
        recent_rows = conn.execute(select(results_t).where(results_t.c.account == name)
                                   .order_by(results_t.c.at.desc()).limit(RECENT_LIMIT)).all()
        total = conn.execute(select(func.count()).select_from(results_t)
                             .where(results_t.c.account == name)).scalar_one()
    if account is None and not rating_rows and not total:
        return None
    return {
        "name": name,
        "ratings": {r.game: {"mu": round(r.mu, 4), "sigma": round(r.sigma, 4), "ordinal": round(r.ordinal, 3),
                             "games": r.games} for r in rating_rows},
        "history": [{"table": h.table_id, "game": h.game, "at": h.at, "rank": h.rank, "players": h.players,
                     "mu": round(h.mu, 4), "sigma": round(h.sigma, 4), "ordinal": round(h.ordinal, 3)}
                    for h in reversed(history_rows)],
        "stats": stats(result_rows),
        "recent": [{"table": r.table_id, "game": r.game, "at": r.at, "seat": r.seat, "rank": r.rank,
                    "players": r.players, "total": r.total, "left": bool(r.left), "rated": bool(r.rated)}
                   for r in recent_rows],
    }


def stats(rows: Sequence[Any]) -> dict[str, Any]:
    """Games, wins (first place, shared or not, in a game not left), average final score, and each game's
    own counts summed (dives led...), in all and per game."""
    by_game: dict[str, dict[str, Any]] = {}
    for r in rows:
        g = by_game.setdefault(r.game, {"games": 0, "wins": 0, "points": 0, "counts": {}})
        g["games"] += 1
        g["wins"] += int(r.rank == 1 and not r.left)
        g["points"] += r.total
        for name, value in json.loads(r.stats).items():
            g["counts"][name] = g["counts"].get(name, 0) + int(value)
    games = sum(g["games"] for g in by_game.values())
    return {
        "games": games,
        "wins": sum(g["wins"] for g in by_game.values()),
        "average_vp": round(sum(g["points"] for g in by_game.values()) / games, 2) if games else None,
        "by_game": {name: {"games": g["games"], "wins": g["wins"], "average_vp": round(g["points"] / g["games"], 2),
                           "counts": g["counts"]} for name, g in sorted(by_game.items())},
    }
