"""The terminal says the games in words (issue 43): whole seeded games of each game, in English and
French, have no ``key=value`` dumps in their output; Into the Blue's keep/reroll decision is offered
by faces, best first by the expert's exact value; bad input there explains and changes nothing."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from fathom.games.into_the_blue.bots.expert import IntoTheBlueExpertBot
from fathom.games.into_the_blue.terminal.choices import choice_menu, choice_values, parse_choice
from fathom.core.registry import new_game
from fathom.games.into_the_blue import actions as A
from fathom.games.into_the_blue import dice
from fathom.i18n import Translator

KEY_VALUE = re.compile(r"\b[a-z_]+=[\[\"'\w-]")  # seat=0, reroll=[1,1], result="run"
LOG_LINE = re.compile(r"^  \[\d+\] (.*)$")

FRENCH_WORDS = {"into-the-blue": ("Au tour de", "relance", "pose"), "deep-blue": ("Au tour de", "paie", "recrute")}


def log_lines(out: str) -> list[str]:
    return [m.group(1) for line in out.splitlines() if (m := LOG_LINE.match(line))]


def assert_in_words(out: str) -> None:
    # (the "Options: k=v" line, "Options : k=v" in French, echoes the command's own --option, not a dumped event)
    dumps = [line for line in out.splitlines() if KEY_VALUE.search(line) and not line.startswith(("Options: ", "Options : "))]
    assert not dumps, dumps[:5]
    unfilled = [line for line in log_lines(out) if "{" in line or "}" in line]
    assert not unfilled, unfilled[:5]


@pytest.mark.parametrize("lang", ["en", "fr"])
@pytest.mark.parametrize("game", ["into-the-blue", "deep-blue"])
def test_a_whole_watched_game_is_logged_in_words(cli, game: str, lang: str) -> None:
    run = cli("play", game, "--watch", "--players", "3", "--seed", "5", "--lang", lang)
    assert run.code == 0, run
    assert_in_words(run.out)
    lines = log_lines(run.out)
    assert len(lines) > 100
    seat = "Place 1" if lang == "fr" else "Seat 1"
    assert any(line.startswith(seat) for line in lines)
    assert not any("(greedy)" in line for line in lines)  # moves without an event are said in words too
    if lang == "fr":
        for word in FRENCH_WORDS[game][1:]:
            assert any(word in line for line in lines), word
        assert not any("rolls" in line or " pays " in line for line in lines)
        assert "Scores finaux" in run.out and "Déroulé de la partie" in run.out


@pytest.mark.parametrize("lang", ["en", "fr"])
def test_a_whole_into_the_blue_game_played_by_a_person_reads_like_a_game(cli, lang: str, tmp_path: Path) -> None:
    """Ann types 1 at every prompt: the best choice each time; the log names her and says the dice."""
    save = tmp_path / "ann.json"
    run = cli("play", "into-the-blue", "--players", "3", "--seed", "5", "--option", "first_player=0", "--names", "Ann",
              "--lang", lang,
              "--save", str(save), stdin="1\n" * 400)
    assert run.code == 0, run
    assert_in_words(run.out)
    lines = log_lines(run.out)
    if lang == "en":
        assert lines[1] == "Ann rolls 1 1 3 3 4 ◈ (2 rerolls left)"
        assert lines[2] == "Ann keeps 1 3 4 and rerolls three dice."
        assert any(re.fullmatch(r"Ann places \d shells? on level \d\.", line) for line in lines)
        assert "Best choices first, by the expert's exact expected value" in run.out
    else:
        assert lines[1] == "Ann lance 1 1 3 3 4 ◈ (2 relances restantes)"
        assert lines[2] == "Ann garde 1 3 4 et relance trois dés."
        assert "Les meilleurs choix d'abord" in run.out
        # the board and the prompt speak French too
        assert "Coffres restants 5   Tour 1 : vous" in run.out and "Votre coup [1-36, coup, ou help] : 1" in run.out
        assert "Chests left" not in run.out and "Your move" not in run.out
    # every keep/reroll prompt lists the best choice first, marked, by faces
    firsts = [line for line in run.out.splitlines() if line.startswith("★  1. ")]
    assert firsts and all(re.match(r"★  1\. (Reroll|Stop|Relancer|S'arrêter)", f) for f in firsts)
    data = json.loads(save.read_text())
    data["actions"] = data["actions"][:30]  # a board per step: a prefix is enough to see the words
    save.write_text(json.dumps(data))
    replay = cli("replay", str(save), "--all", "--lang", lang)
    assert replay.code == 0, replay
    assert_in_words(replay.out)
    assert lines[1] in log_lines(replay.out)  # the same words, the same name, as when it was played


def test_the_best_choice_is_the_experts_and_the_menu_lists_every_choice_once() -> None:
    tr = Translator("en")
    bot = IntoTheBlueExpertBot(seed=0)
    checked = 0
    for seed in range(6):
        state = new_game("into-the-blue", players=3, seed=seed)
        while not state.is_terminal() and checked < 40:
            player = state.current_player
            if player < 0:
                state.apply(state.sample_chance())
                continue
            legal = state.legal_actions()
            menu = choice_menu(state, player, legal, tr)
            choice = bot.choose(state)
            if menu is not None:
                checked += 1
                assert sorted(item.action for item in menu.items) == sorted(legal)
                assert menu.items[0].action == menu.best == choice
                values, _ = choice_values(state, player, legal)
                ranked = [values[item.action] for item in menu.items]
                assert ranked[0] == max(ranked) and ranked[1:] == sorted(ranked[1:], reverse=True)
                assert A.STOP in [menu.items[i].action for i in menu.shown]
            state.apply(choice)
    assert checked == 40


def test_keep_and_reroll_by_faces() -> None:
    tr = Translator("en")
    table = dice.from_faces([1, 1, 3, 3, 4, "chest"])
    legal = list(A.CHOOSE_ACTIONS[table])

    def reroll(*faces: object) -> int:
        return A.REROLL0 + dice.from_faces(list(faces))

    assert parse_choice("keep 1 3 4", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("reroll 1 3 chest", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("Reroll 1,3,◈", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("keep 134", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("garder 1 3 4", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("relancer 1 3 coffre", table, legal, tr) == reroll(1, 3, "chest")
    assert parse_choice("keep", table, legal, tr) == reroll(1, 1, 3, 3, 4, "chest")
    assert parse_choice("reroll all", table, legal, tr) == reroll(1, 1, 3, 3, 4, "chest")
    assert parse_choice("keep 1 1 3 3 4 chest", table, legal, tr) == A.STOP  # keeping all six is stopping
    assert parse_choice("stop", table, legal, tr) == A.STOP
    assert parse_choice("board", table, legal, tr) is None  # not a dice phrase: the session's commands
    assert parse_choice("keep 2", table, legal, tr) == "Your dice show 1 1 3 3 4 ◈: you cannot keep 2. Nothing was played."
    assert parse_choice("reroll 4 4", table, legal, tr).startswith("Your dice show 1 1 3 3 4 ◈: you cannot reroll 4 4.")
    assert parse_choice("keep 7", table, legal, tr).startswith("'7' is not a die face: the faces are 1 to 5 and chest")
    assert parse_choice("reroll", table, legal, tr).startswith("Name the dice to reroll")
    assert parse_choice("keep 1 1 1 1 1 1 1", table, legal, tr).startswith("You have six dice")
    french = parse_choice("garder 2", table, legal, Translator("fr"))
    assert french == "Vos dés montrent 1 1 3 3 4 ◈ : impossible de garder 2. Rien n'a été joué."


def test_bad_input_at_the_dice_prompt_explains_and_plays_nothing(cli, tmp_path: Path) -> None:
    save = tmp_path / "bad.json"
    run = cli("play", "into-the-blue", "--players", "3", "--seed", "5", "--option", "first_player=0", "--save", str(save),
              stdin="keep 2\nkeep 9\nreroll\nblah\n99\nquit\n")
    assert run.code == 0, run
    assert "you cannot keep 2. Nothing was played." in run.out
    assert "'9' is not a die face" in run.out
    assert "Name the dice to reroll" in run.out
    assert "'blah': Type keep FACES or reroll FACES" in run.out
    assert "There is no move 99: choose a number from 1 to 36." in run.out
    assert json.loads(save.read_text())["actions"] == ["roll 1,1,3,3,4,chest"]  # only the first roll


def test_all_lists_every_choice_with_its_odds_and_the_hint_names_the_best(cli) -> None:
    run = cli("play", "into-the-blue", "--players", "3", "--seed", "5", "--option", "first_player=0", stdin="hint\nall\nkeep 1 3 4\nquit\n")
    assert run.code == 0, run
    short = run.out.split("Your move")[0]
    assert "★  1. Reroll 1 3 ◈, keep 1 3 4   value 8.30  (best)" in short  # the move by name, as the page says it
    assert "  36. Stop: run to level 1   value 3.50" in short and "… 30 more choices" in short
    assert "Hint (ismcts): 1. Reroll 1 3 ◈, keep 1 3 4" in run.out
    every = run.out.split("Every choice, best first")[1].split("Your move")[0]
    assert len(re.findall(r"^.\s*\d+\. ", every, re.MULTILINE)) == 36
    assert "P(perfect)=" in every and "reach L1 sure" in every
    french = cli("play", "into-the-blue", "--players", "3", "--seed", "5", "--option", "first_player=0", "--lang", "fr", stdin="tout\nquit\n")
    assert "P(parfaite)=" in french.out and "atteindre N1 sûr" in french.out
    assert "valeur 8,30" in french.out and "valeur 8.30" not in french.out  # the French decimal comma
    assert re.search(r"\(\d+,\d %\)", french.out) and not re.search(r"\d\.\d%", french.out)
    assert "Seat 0 keeps 1 3 4 and rerolls three dice." in run.out


def test_in_french_placements_are_listed_in_words_and_can_be_typed_so(cli) -> None:
    """The notation ``place 2`` is what an English player types; in French the list names the move
    as the page does (``Poser 2 coquillages au niveau 1 (trésor 3)``), and typing the plain words
    ``Poser au niveau 1`` still plays it."""
    run = cli("play", "into-the-blue", "--players", "2", "--seed", "5", "--lang", "fr",
              stdin="1\n" * 2 + "Poser au niveau 1\nquit\n")
    assert run.code == 0, run
    assert re.search(r"^ +1\. Poser \d coquillages? au niveau 1 \(trésor \d+\) ", run.out, re.MULTILINE)
    assert not re.search(r"^ +\d+\. place \d", run.out, re.MULTILINE)
    typed = run.out.split("Votre coup [1-4, coup, ou help] : Poser au niveau 1")
    assert len(typed) == 2, run.out
    assert re.search(r"Place 0 pose \d coquillages? au niveau 1\.", typed[1].split("Votre coup")[0])


def test_without_the_coach_the_choices_are_not_ranked(cli) -> None:
    run = cli("play", "into-the-blue", "--players", "3", "--seed", "5", "--option", "first_player=0", "--no-coach", stdin="quit\n")
    assert run.code == 0, run
    assert "the coach is off" in run.out and "★" not in run.out and "value " not in run.out


def test_play_lang_must_be_one_fathom_speaks(cli) -> None:
    run = cli("play", "into-the-blue", "--seed", "5", "--lang", "de")
    assert run.code == 2 and "--lang 'de': allowed: en, fr" in run.out


def test_deep_blue_log_names_cards_in_the_players_language_and_the_gem_warded_off() -> None:
    """The terminal log reads as the page's: a French player sees the cards' French names, and a
    defence names the hazard's gem (the event carries it; before, only the page knew it)."""
    import random

    from fathom.games.deep_blue.terminal.log_words import event_text
    from fathom.core.api import CHANCE
    from fathom.games.deep_blue.data import GEMS

    for seed in range(100):
        state = new_game("deep-blue", players=3, seed=seed, record_events=True)
        pick = random.Random(seed)
        while not state.is_terminal():
            state.apply(state.sample_chance() if state.current_player == CHANCE else pick.choice(state.legal_actions()))
        defences = [e for e in state.events(None) if e["type"] == "defend" and e.get("card")]
        if defences:
            break
    event = defences[0]
    assert event["gem"] in GEMS
    fr, en = Translator("fr"), Translator("en")
    line_fr = event_text(event, lambda seat: f"J{seat}", fr, state.game) or ""
    line_en = event_text(event, lambda seat: f"P{seat}", en, state.game) or ""
    assert fr(f"card.{event['card']}") in line_fr and fr(f"gem.{event['gem']}") in line_fr
    assert en(f"gem.{event['gem']}") in line_en
    assert fr(f"card.{event['card']}") != en(f"card.{event['card']}")
