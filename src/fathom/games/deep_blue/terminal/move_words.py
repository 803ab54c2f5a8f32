"""Deep Blue's moves in words: the menu's labels and the hint's sail plan, as the web page says them.

The engine names moves in notation (``recruit slot1``, ``sail boat1 harbour->S1``): that is what
saves hold and what may always be typed. An English menu lists that notation, which reads as
English; another language lists the page's words for the move (the catalog's ``act.*``), and a
replay's chance steps (a gem, a card, a tile drawn) in its words too.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

from fathom.games.deep_blue.terminal.look import Box
from fathom.games.deep_blue.terminal.words import gem_name, node_name, scenario_name, tile_name
from fathom.i18n import DEFAULT_LANG, Translator

Say = Callable[[re.Match[str], Translator, Box], str]


def _card(match: re.Match[str], tr: Translator, box: Box) -> str:
    return box.card_label(match.group(1), tr)


# (notation pattern, its words); the first that matches says the move (as the page's moveLabel)
MOVES: tuple[tuple[re.Pattern[str], Say], ...] = tuple((re.compile(pattern), say) for pattern, say in (
    (r"recruit slot(\d+)", lambda m, tr, box: tr("act.recruit", n=m.group(1))),
    (r"take slot(\d+)", lambda m, tr, box: tr("act.take", n=m.group(1))),
    (r"refresh", lambda m, tr, box: tr("act.refresh")),
    (r"sail", lambda m, tr, box: tr("act.sail")),
    (r"rest", lambda m, tr, box: tr("act.rest")),
    (r"dive (\S+)", lambda m, tr, box: tr("act.dive", site=m.group(1))),
    (r"pay token", lambda m, tr, box: tr("act.pay_token")),
    (r"pay (\S+)", lambda m, tr, box: tr("act.pay", card=_card(m, tr, box))),
    (r"done", lambda m, tr, box: tr("act.done")),
    (r"sail boat(\d) (\S+)->(\S+)", lambda m, tr, box: tr("act.sail_move", boat=m.group(1),
                                                          **{"from": node_name(m.group(2), tr)},
                                                          to=node_name(m.group(3), tr))),
    (r"scout (\S+)", lambda m, tr, box: tr("act.scout", spot=gem_name(m.group(1), tr))),
    (r"rush boat(\d)", lambda m, tr, box: tr("act.rush", n=m.group(1))),
    (r"defend spot-(\S+)", lambda m, tr, box: tr("act.defend_spot", spot=gem_name(m.group(1), tr))),
    (r"defend (\S+)", lambda m, tr, box: tr("act.defend", card=_card(m, tr, box))),
    (r"resurface", lambda m, tr, box: tr("act.resurface")),
    (r"play (\S+)", lambda m, tr, box: tr("act.play", card=_card(m, tr, box))),
    (r"continue", lambda m, tr, box: tr("act.continue")),
    (r"stop", lambda m, tr, box: tr("act.stop")),
    # chance's outcomes, as a replay shows each step
    (r"gem (\S+)", lambda m, tr, box: tr("dbt.chance.gem", gem=gem_name(m.group(1), tr))),
    (r"card (\S+)", lambda m, tr, box: tr("dbt.chance.card", card=_card(m, tr, box))),
    (r"tile (\S+)", lambda m, tr, box: tr("dbt.chance.tile", tile=tile_name(m.group(1), tr))),
    (r"first seat(\d+)", lambda m, tr, box: tr("dbt.chance.first", who=tr("play.seat", n=m.group(1)))),
    (r"scenario (\S+)", lambda m, tr, box: tr("dbt.chance.scenario", name=scenario_name(
        box.scenarios.get(m.group(1)) or {"id": m.group(1), "name": m.group(1)}, tr))),
))


def named_move(facts: dict[str, Any] | None, tr: Translator, box: Box) -> str | None:
    """A legal move by what it is about, from the engine's facts (:mod:`fathom.games.deep_blue.move_facts`),
    as the page's ``namedMove`` says it: "Recruit Archaeologist ($3)", "Pay with Skipper ($2)";
    ``None`` for a move its notation already says."""
    if not facts:
        return None
    kind = facts.get("kind")
    card = box.card_label(facts["card"], tr) if facts.get("card") else ""
    if kind == "recruit":
        return tr("act.recruit_card", card=card, price=facts["price"])
    if kind == "take":
        return tr("act.take_card", card=card)
    if kind == "pay" and "cash" in facts:
        return tr("act.pay_cash", card=card, n=facts["cash"])
    if kind == "pay" and "propellers" in facts:
        return tr("act.pay_propellers", card=card, n=facts["propellers"])
    if kind == "dive" and facts.get("leader_vp"):
        return tr("act.dive_vp", site=node_name(facts["site"], tr), vp=facts["leader_vp"])
    return None


def move_label(notation: str, tr: Translator, box: Box, facts: dict[str, Any] | None = None) -> str:
    """A legal move as the terminal lists it: by name from its ``facts`` where the page names it
    (with the notation that may be typed, in English), else ``recruit slot1`` in English and
    ``Recruter case 1`` in French; unknown notation as it is."""
    named = named_move(facts, tr, box)
    if named is not None:
        return f"{named} [{notation}]" if tr.lang == DEFAULT_LANG else named
    if tr.lang == DEFAULT_LANG:
        return notation
    for pattern, say in MOVES:
        match = pattern.fullmatch(notation)
        if match:
            return say(match, tr, box)
    return notation


def hint_text(hint: Any, tr: Translator) -> str | None:
    """A hinted sail as "Sail: boat 1 to S1, boat 2 stays at S3" in the player's language, from the
    hint's ``sail_to`` detail; ``None`` in English (the bot's own words) or for any other move."""
    legs = (getattr(hint, "detail", None) or {}).get("sail_to")
    if tr.lang == DEFAULT_LANG or not legs:
        return None
    said = [tr("t.hint_stay" if stays else "t.hint_sail", boat=i + 1, node=node_name(node, tr))
            for i, (node, stays) in enumerate(legs)]
    return tr("act.sail") + tr("dbt.colon") + ", ".join(said)
