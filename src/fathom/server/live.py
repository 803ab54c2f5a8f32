"""A table in memory and the pages watching it: what each page is sent and when.

The referee (:mod:`.tables`) applies every action; this module never does. It holds the
facts of a table, builds the message one page sees from ``view(seat)`` and
``events(seat)`` (remembering what that page was already sent), and rebuilds positions
of a finished game for replay.
"""

from __future__ import annotations

import asyncio
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from fathom.core.api import CHANCE, TERMINAL, State
from fathom.core.registry import new_game
from fathom.core.plugins import plugin_for
from fathom.server.catalog import describe
from fathom.server.clock import TokenBucket, now
from fathom.server import forced
from fathom.server.db import LoggedAction, TableRecord, still_open
from fathom.server.odds import odds_for

CHECKPOINT_EVERY = 64  # replay keeps a copy of every 64th position of a finished game


def fork(state: State) -> State:
    """A copy of a table's live state to apply a change to before it is committed.

    Unlike a bare ``clone`` (a bot's copy, which stops recording events to keep playouts
    fast), it keeps the event log, so pages are never sent a replay of the whole game.
    """
    return state.clone(keep_events=True)


@dataclass(eq=False)
class Client:
    """One open page: its seat (``None``: spectator) and what it has been sent."""

    send: Any  # async callable(str)
    seat: int | None = None
    lang: str = "en"
    bucket: TokenBucket = field(default_factory=TokenBucket)
    sent_events: int = 0
    dirty: bool = True
    reset: bool = True
    notices: deque = field(default_factory=deque)
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    closed: bool = False
    revoked: bool = False  # its seat's key was replaced: told so, then disconnected
    key: int = 0  # the key number of its seat when it said hello: a page on an older key is cut
    address: str = ""  # the client's address (hints are shared fairly between addresses)
    session: str | None = None  # the session token that seated it (an account's seat, no link): it must still hold
    last_limit_notice: float = 0.0
    last_sent: float = 0.0
    urgent: bool = True  # this page asked for something: answer without coalescing

    def push(self, message: dict[str, Any]) -> None:
        self.notices.append(message)
        self.wake.set()

    def mark(self, reset: bool = False) -> None:
        self.dirty = True
        if reset:
            self.reset = True
        self.wake.set()


class LiveTable:
    """A table in memory: its record, the live state and the log it came from."""

    def __init__(self, rec: TableRecord, state: State, entries: list[LoggedAction]) -> None:
        self.rec = rec
        self.id = rec.id
        self.state = state
        self.log = entries
        self.clients: set[Client] = set()
        self.away: set[int] = set()  # seats a stand-in bot plays (turn clock ran out)
        self.deadline: float | None = None
        self.deadline_move = -1
        self.timer: asyncio.TimerHandle | None = None
        self.runner: asyncio.Task | None = None  # plays the server's moves (dice, bots) while it is their turn
        self.lease_until = 0.0  # several processes: this one plays the table's bots until then
        self.changed_at = now()  # the last move applied here (a stalled table is taken over)
        self.lock = asyncio.Lock()  # one change at a time: validate, commit, show
        self.describe = describe(rec.game, rec.players, rec.options)
        self._checkpoints: dict[int, State] = {}
        self.chat: deque = deque(maxlen=50)
        self.hint_bots: dict[int, Any] = {}  # per seat until another seat moves: hints follow a hinted sail
        self.hints: dict[int, tuple[int, Any]] = {}  # seat -> (move number, hint): one search per move
        self.turns: dict[str, Any] | None = None  # a finished game's turns, for its replay (.replay)
        self.thinking: int | None = None  # the seat whose move the server is thinking out (a bot, a stand-in)
        # seat -> (move number, the search under way, who waits for it: pages, requests; see Referee.hint)
        self.hint_jobs: dict[int, tuple[int, asyncio.Future, list[Any]]] = {}
        self.turn: tuple[int, int] | None = None  # turn-based: (first log index, seat) of the person's turn
        self.turn_due: float | None = None  # ... and its deadline (wall clock), as stored (.turn_based)

    # ---- facts ---------------------------------------------------------------------------
    @property
    def over(self) -> bool:
        return self.state.is_terminal()

    def reset(self) -> None:
        """Its position was rebuilt (a reload from the log, an undo): what was worked out from the old
        one goes (replay checkpoints, hints: a move number may now lead elsewhere) and every page is
        sent the whole state again."""
        self.changed_at = now()
        self._checkpoints.clear()
        self.turns = None
        self.hints.clear()
        self.hint_bots.clear()
        for client in self.clients:
            client.mark(reset=True)

    def seat_kind(self, seat: int) -> str:
        return self.rec.seats[seat]["kind"]

    def connected(self) -> set[int]:
        return {c.seat for c in self.clients if c.seat is not None}

    def auto_actor(self) -> bool:
        """Is the next action the server's (chance, a bot seat, a stand-in)?"""
        who = self.state.current_player
        if who == CHANCE:
            return True
        if who == TERMINAL:
            return False
        return self.seat_kind(who) == "bot" or self.stood_in(who) or forced.due(self)

    def stood_in(self, seat: int) -> bool:
        """Does a stand-in bot play ``seat`` now: its clock ran out (until it comes back), or its account
        was deleted (``left``: to the end of the game)?"""
        return seat in self.away or bool(self.rec.seats[seat].get("left"))

    def meta(self) -> dict[str, Any]:
        present = self.connected()
        seats = []
        for i, s in enumerate(self.rec.seats):
            seats.append({"seat": i, "kind": s["kind"], "bot": s.get("bot"), "name": s.get("name") or "",
                          "connected": i in present, "away": self.stood_in(i),
                          **({"account": s["account"]} if s.get("account") else {}),
                          **({"left": True} if s.get("left") else {}),
                          "open": still_open(s), **({forced.SETTING: forced.enabled(s)} if s["kind"] == "human" else {})})
        st = self.state
        return {
            "id": self.id, "game": self.rec.game, "players": self.rec.players, "options": self.rec.options,
            "status": "over" if self.over else "playing", "seats": seats,
            "settings": self.rec.settings, "move_number": st.move_number(),
            "spectators": sum(1 for c in self.clients if c.seat is None),
        }

    def can_undo(self, seat: int | None) -> bool:
        """Only the seat's own last move, in its own turn, never across chance, a reveal or anyone else
        (:meth:`State.can_take_back`), and never a move a stand-in bot made for it."""
        depth = forced.undo_depth(self, seat)  # with the forced moves played for it since (:mod:`.forced`)
        return depth > 1 or depth == 1 and self.state.can_take_back(seat, self.log[-1].actor)

    def think_for(self, seat: int | None, move: int | None = None) -> bool:
        """Say which seat the server is now thinking for (``None``: nobody): each page is told at once
        with a small ``thinking`` notice (no state is rebuilt), so it can show that the bot is at work.
        ``move``: the move number it thinks at (another process's, heard late: :mod:`.notify`).
        True if that changed (the other processes are then told: :func:`.autoplay.think_for`)."""
        if seat == self.thinking:
            return False
        self.thinking = seat
        if seat is not None:
            at = self.state.move_number() if move is None else move
            for client in self.clients:
                client.push({"type": "thinking", "seat": seat, "move_number": at})
        return True

    # ---- what one page sees ------------------------------------------------------------------
    def events_for(self, seat: int | None, start: int) -> list[dict[str, Any]]:
        return self.state.events(seat, start)

    def state_message(self, client: Client) -> dict[str, Any]:
        st = self.state
        seat = client.seat
        view = st.view(seat)
        start = 0 if client.reset else client.sent_events
        events = self.events_for(seat, start)
        total = start + len(events)
        legal: list[list[Any]] = []
        facts = None
        if seat is not None and st.current_player == seat and not self.stood_in(seat) and not forced.due(self):
            actions = st.legal_actions()
            legal = [[a, st.action_to_string(a)] for a in actions]
            plugin = plugin_for(self.rec.game)  # what each move is about (the card, its price, a sail's steps)
            facts = plugin.load("move_facts")(st, actions) if plugin.has("move_facts") else None
        msg = {
            "type": "state",
            "table": self.meta(),
            "you": seat,
            "move_number": st.move_number(),
            "to_move": "chance" if st.current_player == CHANCE else
                       "over" if st.current_player == TERMINAL else st.current_player,
            "view": view,
            "events": events,
            "events_from": start,
            "reset": client.reset,
            "legal": legal,
            "move_facts": facts,
            "can_undo": self.can_undo(seat),
            "thinking": self.thinking if self.thinking == st.current_player else None,
            "clock": self.clock_info(),
            "odds": odds_for(self.rec.game, view, seat, getattr(st.game, "components", None)),
            "scores": st.visible_scores(seat),  # R-DB-18: others' totals stay hidden until the end
            "winners": st.winners(),
            "summary": plugin_for(self.rec.game).seat_summary(st) if self.over else None,  # public log only
            "end": plugin_for(self.rec.game).end_summary(st) if self.over else None,  # the engine's places and totals
        }
        client.sent_events = total
        client.reset = False
        client.dirty = False
        return msg

    def clock_info(self) -> dict[str, Any] | None:
        if self.rec.settings.get("turn_based"):  # a deadline of hours or days, kept in the database
            if self.turn is None or self.turn_due is None:
                return None
            return {"seat": self.turn[1], "seconds": self.rec.settings["move_time"], "turn_based": True,
                    "turn": self.turn[0],  # the move_number of this turn's notices
                    "due": self.turn_due, "left_ms": max(0, int((self.turn_due - time.time()) * 1000))}
        if not self.rec.settings.get("clock") or self.deadline is None:
            return None
        return {"seat": self.state.current_player, "seconds": self.rec.settings["clock"],
                "left_ms": max(0, int((self.deadline - now()) * 1000))}

    # ---- replay of a finished game ----------------------------------------------------------
    def position_at(self, step: int) -> State:
        base = (step // CHECKPOINT_EVERY) * CHECKPOINT_EVERY
        st = self._checkpoints.get(base)
        if st is None:
            start = max((k for k in self._checkpoints if k < base), default=None)
            st = self._checkpoints[start].clone() if start is not None else new_game(
                self.rec.game, players=self.rec.players, seed=self.rec.seed, **self.rec.options)
            done = start or 0
            for k in range(done, base):
                st.apply(self.log[k].action)
                if (k + 1) % CHECKPOINT_EVERY == 0:
                    self._checkpoints[k + 1] = st.clone()
            self._checkpoints[base] = st.clone()
        st = st.clone()
        for k in range(base, step):
            st.apply(self.log[k].action)
        return st
