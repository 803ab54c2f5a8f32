"""Into the Blue in words for the terminal: dice, the game log and the outcome of a table.

Why here and from the catalogs: the log must read like the web page's (the same
``ev.*``/``itb.*`` strings of :mod:`fathom.i18n`), in the player's language, with
names, never as an event's raw fields.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import Any

from fathom.games.into_the_blue import dice, odds
from fathom.i18n import Translator

CHEST_MARK = "◈"
NameFn = Callable[[int], str]


def face_mark(face: Any) -> str:
    """``1``..``5``, or ``◈`` for the chest (``"chest"`` or 6)."""
    return CHEST_MARK if face in ("chest", dice.CHEST) else str(face)


def faces_text(faces: Iterable[Any]) -> str:
    """``1 1 3 3 4 ◈``: ascending, chests last, as a player reads the dice."""
    order = sorted((dice.CHEST if f == "chest" else int(f)) for f in faces)
    return " ".join(face_mark(f) for f in order)


def multiset_text(ms: int) -> str:
    return faces_text(dice.MULTISETS[ms])


def count_text(n: int, tr: Translator) -> str:
    """``one die``, ``five dice`` (words, as a person says them)."""
    return tr("itb.n_dice", n=n, word=tr(f"num.{n}") if n > 1 else "")


def outcome_text(table: int, tr: Translator) -> str:
    """What stopping with six dice ``table`` gives: a perfect dive, a failure, or where to place."""
    if dice.PERFECT[table]:
        return tr("itb.outcome.perfect")
    if dice.RUN[table] == 0:
        return tr("itb.outcome.failed")
    levels = ", ".join(f"{tr('itb.level_short', n=level)}×{count}" for level, count in dice.PLACEMENTS[table])
    return tr("itb.outcome.place", levels=levels)


def named_move(facts: dict[str, Any] | None, tr: Translator) -> str | None:
    """A legal move by what it does, from the engine's facts (:mod:`fathom.games.into_the_blue.move_facts`),
    as the page's ``namedMove`` says it: "Place 2 shells on level 3 (treasure 7)", "Reroll 1 ◈, keep 2 3 4 4",
    "Stop: run to level 4"; ``None`` for facts of another kind."""
    if not facts:
        return None
    kind = facts.get("kind")
    if kind == "place":
        return tr("act.itb-place", n=facts["shells"], level=facts["level"], main=facts["main"])
    if kind == "reroll":
        if not facts["keep"]:
            return tr("act.itb-reroll-all")
        return tr("act.itb-reroll", dice=faces_text(facts["reroll"]), kept=faces_text(facts["keep"]))
    if kind == "stop":
        return tr(f"act.itb-stop-{facts['result']}", run=facts["run"])
    return None


def rolls_text(rolls_left: int, tr: Translator) -> str:
    return tr("itb.rolls_left", n=rolls_left)


def event_text(event: dict[str, Any], name: NameFn, tr: Translator) -> str | None:
    """One log line for an Into the Blue event; ``None`` for a type this module does not know."""
    kind = event.get("type")
    seat = event.get("seat")
    who = name(seat) if isinstance(seat, int) else ""
    if kind == "first_player":
        return tr("ev.first-player", who=who)
    if kind == "turn":
        tags = [tr("itb.bonus")] if event.get("bonus") else []
        tags += [tr("itb.final")] if event.get("final") else []
        return tr("ev.turn", who=who) + (f" ({', '.join(tags)})" if tags else "")
    if kind == "roll":
        rolls = rolls_text(event.get("rolls_left", 0), tr)
        rolled = faces_text(event.get("rolled", []))
        if event.get("kept"):
            return tr("ev.itb-roll-kept", who=who, rolled=rolled, dice=faces_text(event.get("dice", [])), rolls=rolls)
        return tr("ev.itb-roll", who=who, dice=rolled, rolls=rolls)
    if kind == "reroll":
        kept = event.get("kept") or []
        if not kept:
            return tr("ev.itb-reroll-all", who=who)
        return tr("ev.itb-keep", who=who, kept=faces_text(kept), count=count_text(len(event.get("reroll", [])), tr))
    if kind == "stop":
        return tr("ev.itb-stop-with", who=who, dice=faces_text(event.get("dice", [])))
    if kind == "dive":
        result = event.get("result")
        if result == "perfect":
            return tr("ev.itb-perfect", who=who)
        if result == "failed":
            return tr("ev.itb-failed", who=who)
        return tr("ev.itb-run", who=who, run=event.get("run"))
    if kind == "place":
        return tr("ev.place", who=who, n=event.get("shells"), level=event.get("level"))
    if kind == "chest":
        value = event.get("value")
        if isinstance(value, int) and not isinstance(value, bool):
            return tr("ev.chest-value", who=who, value=value)
        return tr("ev.chest", who=who)
    if kind == "end_triggered":
        return tr("ev.end_triggered", who=who)
    if kind == "game_over":
        scores = ", ".join(f"{name(s)} {_number(v)}" for s, v in enumerate(event.get("scores", [])))
        winners = ", ".join(name(s) for s in event.get("winners", []))
        return f"{tr('ev.game_over')} {tr('ev.scores', scores=scores, winners=winners)}"
    return None


def _number(value: Any) -> str:
    """``14`` for a whole score sent as ``14.0``."""
    return str(int(value)) if isinstance(value, float) and value.is_integer() else str(value)


def short_odds(probs: dict[odds.TargetLike, Any], tr: Translator | None = None) -> str:
    """``P(perfect)=53/324 (16.4%) · reach L1-2 sure, L3 66.5%, L4 59.8%, L5 51.8%``.

    Exact fractions are printed when short; levels already certain are folded together."""
    tr = tr or Translator()
    parts = []
    perfect = probs.get(odds.PERFECT)
    if perfect is not None:
        parts.append(tr("itb.odds.perfect", p=odds.format_probability(perfect, tr.percent)))
    reach = sorted((t.level, p) for t, p in probs.items() if isinstance(t, odds.Target) and t.count == 1)
    sure = [tr("itb.level_short", n=level) for level, p in reach if p == 1]
    items = []
    if sure:
        items.append(tr("itb.odds.sure", levels=f"{sure[0]}-{sure[-1][1:]}" if len(sure) > 1 else sure[0]))
    items += [f"{tr('itb.level_short', n=level)} {_pct(p, tr)}" for level, p in reach if p != 1]
    if items:
        parts.append(tr("itb.odds.reach", items=", ".join(items)))
    return " · ".join(parts)


def _pct(p: Any, tr: Translator) -> str:
    return tr.percent(p, 0) if p == 0 or p == 1 else tr.percent(p)
