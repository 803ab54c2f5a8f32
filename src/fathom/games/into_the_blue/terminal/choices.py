"""Into the Blue's keep/reroll decision as a menu: by faces, best first, by the expert's exact value.

Why: after a roll there are up to 63 legal rerolls; a person thinks "keep 1 3 4",
not "reroll 1,3,chest". Every choice is valued exactly as the expert bot values it
(:func:`fathom.games.into_the_blue.bots.expert.turn_solution`: the expected worth of the
turn in points, majorities and chests, under optimal play from there), so the one
marked best is the one the expert (and the level-3 hint, which plays its dice)
would pick. ``all`` lists every choice with its exact odds as before.
"""

from __future__ import annotations

from fractions import Fraction

from fathom.games.into_the_blue.bots.expert import UTILITY_SCALE, Position, turn_solution
from fathom.games.into_the_blue.actions import player_action_names
from fathom.games.into_the_blue.move_facts import choice_facts
from fathom.games.into_the_blue.terminal.words import multiset_text, named_move, rolls_text, short_odds
from fathom.cli.renderers import ChoiceMenu, MenuItem
from fathom.core.api import State
from fathom.games.into_the_blue import dice, odds
from fathom.games.into_the_blue.game import IntoTheBlueGame as ITB
from fathom.i18n import Translator

SHORTLIST = 5  # choices listed before ``all`` (stop is always listed too)
KEEP_WORDS = frozenset({"keep", "k", "garder", "garde"})
REROLL_WORDS = frozenset({"reroll", "r", "relancer", "relance"})
STOP_WORDS = frozenset({"stop", "arrêter", "arreter", "arrêt"})
CHEST_WORDS = frozenset({"chest", "c", "◈", "coffre"})
EVERY_WORDS = frozenset({"all", "tout", "tous"})  # "reroll all"
NONE_WORDS = frozenset({"none", "nothing", "rien"})  # "keep none"


def choice_values(state: State, seat: int, actions: list[int]) -> tuple[dict[int, Fraction], int]:
    """Each legal stop/reroll's exact expected value (points) and the expert's pick."""
    view = state.view(seat)
    turn = view["turn"]
    table = dice.from_faces(turn["dice"])
    left = turn["rolls_left"]
    solution = turn_solution(Position(view, seat))
    values: dict[int, Fraction] = {}
    for action in actions:
        reroll = ITB.rerolled(action)
        if action == ITB.A_STOP:
            values[action] = Fraction(solution.utility[table], UTILITY_SCALE)
        elif reroll is not None:
            kept = dice.sub(table, reroll)
            values[action] = solution.after_keep(kept, left - 1) / UTILITY_SCALE
    best = ITB.choice_action(solution.best_reroll(table, left))
    return values, best if best in values else ITB.A_STOP


def choice_label(table: int, action: int, tr: Translator) -> str:
    """A keep-or-reroll choice by what it does, in the words the page and the move list use
    (the engine's facts, :func:`fathom.games.into_the_blue.move_facts.choice_facts`)."""
    return named_move(choice_facts(action, table, 1), tr) or player_action_names()[action]


def choice_menu(state: State, seat: int, actions: list[int], tr: Translator, coach: bool = True) -> ChoiceMenu | None:
    """The keep/reroll menu for ``seat`` (``None`` outside a keep/reroll decision)."""
    if state.current_player != seat:
        return None
    turn = state.view(seat)["turn"]
    if turn["phase"] != "choose":
        return None
    table = dice.from_faces(turn["dice"])
    left = turn["rolls_left"]
    header = [tr("itb.menu.title", dice=multiset_text(table), rolls=rolls_text(left, tr))]
    if coach:
        values, best = choice_values(state, seat, actions)
        order = sorted(actions, key=lambda a: (a != best, -values[a], a))
        header.append(tr("itb.menu.ranked"))
        rerolls = getattr(state.game, "rerolls", odds.DEFAULT_REROLLS)
        items = tuple(
            MenuItem(a, choice_label(table, a, tr), tr("itb.menu.value", v=tr.decimal(float(values[a]), 2)),
                     _odds(table, left, a, rerolls, tr))
            for a in order
        )
        shown = [i for i, item in enumerate(items) if i < SHORTLIST or item.action == ITB.A_STOP]
    else:
        best = None
        order = sorted(actions, key=lambda a: (a != ITB.A_STOP, -dice.SIZE[dice.sub(table, _rerolled(a))], a))
        header.append(tr("itb.menu.unranked"))
        items = tuple(MenuItem(a, choice_label(table, a, tr)) for a in order)
        shown = [i for i, item in enumerate(items) if i < SHORTLIST]
    hidden = len(items) - len(shown)
    return ChoiceMenu(
        items=items,
        shown=tuple(shown),
        best=best,
        header=tuple(header),
        more=tr("itb.menu.more", n=hidden) if hidden else "",
        how=tr("itb.menu.how"),
        all_header=tr("itb.menu.all"),
        parse=lambda text: parse_choice(text, table, actions, tr),
    )


def _rerolled(action: int) -> int:
    """The dice an action rerolls (none for ``stop``)."""
    reroll = ITB.rerolled(action)
    return dice.EMPTY if reroll is None else reroll


def _odds(table: int, left: int, action: int, rerolls: int, tr: Translator) -> str:
    return short_odds(odds.choice_odds(table, left, _rerolled(action), rerolls=rerolls), tr)


def parse_faces(words: list[str], tr: Translator) -> int | str:
    """The multiset named by face words (``1 3 chest``, ``134``, ``1,3,◈``), or an error message."""
    faces: list[int] = []
    for word in words:
        if word in CHEST_WORDS:
            faces.append(dice.CHEST)
        elif word.isdigit() and all(ch in "12345" for ch in word):
            faces.extend(int(ch) for ch in word)
        else:
            return tr("itb.err.face", word=word)
    if len(faces) > dice.DICE:
        return tr("itb.err.too_many", faces=" ".join(words))
    return dice.from_faces(faces)


def parse_choice(text: str, table: int, actions: list[int], tr: Translator) -> int | str | None:
    """``keep 1 3 4`` / ``reroll 1 3 chest`` / ``stop`` as an action; an error message when the
    faces are wrong; ``None`` when ``text`` does not start with one of these words."""
    words = text.replace(",", " ").casefold().split()
    if not words:
        return None
    verb, rest = words[0], words[1:]
    if verb in STOP_WORDS and not rest:
        return ITB.A_STOP
    if verb not in KEEP_WORDS and verb not in REROLL_WORDS:
        return None
    everything = bool(rest) and all(w in EVERY_WORDS for w in rest)
    nothing = not rest or all(w in NONE_WORDS for w in rest)
    keeping = verb in KEEP_WORDS
    if keeping:
        named = table if everything else dice.EMPTY if nothing else parse_faces(rest, tr)
    else:
        if nothing:
            return tr("itb.err.reroll_none")
        named = table if everything else parse_faces(rest, tr)
    if isinstance(named, str):
        return named
    if not dice.contains(table, named):
        key = "itb.err.keep_missing" if keeping else "itb.err.reroll_missing"
        return tr(key, dice=multiset_text(table), faces=multiset_text(named))
    reroll = dice.sub(table, named) if keeping else named
    action = ITB.choice_action(reroll)
    if action not in actions:  # cannot happen in a choose phase; say so rather than play something else
        return tr("itb.err.reroll_missing", dice=multiset_text(table), faces=multiset_text(reroll))
    return action


__all__ = ["choice_menu", "choice_values", "parse_choice"]
