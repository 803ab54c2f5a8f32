"""``fathom review``: a saved game's push-your-luck calls, in the terminal."""

from __future__ import annotations

import json
from pathlib import Path


def flat(text: str) -> str:
    return " ".join(text.split())


def test_review_of_a_deep_blue_save_lists_the_leader_calls(cli, tmp_path: Path) -> None:
    save = tmp_path / "db.json"
    person = cli("play", "deep-blue", "--players", "2", "--seed", "6", "--save", str(save), stdin="quit\n")
    assert f"fathom review {save}" not in flat(person.out)  # pointed to at the end of a game, not at a quit
    played = cli("play", "deep-blue", "--watch", "--players", "3", "--seed", "6", "--bots", "heuristic,random,greedy",
                 "--save", str(save), "--option", "first_player=0")
    assert played.code == 0, played
    run = cli("review", str(save), "--seat", "1")
    assert run.code == 0, run
    assert "Draw-or-stop calls of seat 1 as dive leader" in run.out
    assert "Seat 1: " in run.out and "against them" in flat(run.out) and "expected VP given up" in flat(run.out)
    assert "risk: the chance that the next draw brings a hazard you cannot defend" in flat(run.out)


def test_review_defaults_to_the_saves_person_and_checks_the_seat(cli, tmp_path: Path) -> None:
    save = tmp_path / "itb.json"
    assert cli("play", "into-the-blue", "--players", "2", "--seat", "1", "--seed", "3", "--save", str(save),
               stdin="quit\n").code == 0
    assert json.loads(save.read_text())["table"]["humans"] == [1]
    assert cli("review", str(save)).out.startswith("Seat 1: 0 keep-or-reroll choices")  # quit before any
    run = cli("review", str(save), "--seat", "4")
    assert run.code == 2 and "--seat 4: seats are 0..1" in run.out
    run = cli("review", str(tmp_path / "missing.json"))
    assert run.code == 2 and "cannot read" in run.out
    race = tmp_path / "race.json"
    assert cli("play", "race", "--watch", "--players", "2", "--bots", "random", "--save", str(race)).code == 0
    run = cli("review", str(race))
    assert run.code == 2 and "no review for race (there is one for deep-blue, into-the-blue)" in flat(run.out)


def test_a_finished_game_points_the_person_to_its_review(cli, tmp_path: Path) -> None:
    save = tmp_path / "mine.json"
    run = cli("play", "into-the-blue", "--players", "2", "--seed", "2", "--save", str(save), stdin="1\n" * 3000)
    assert run.code == 0 and "Final scores" in run.out, run
    assert f"Your push-your-luck calls against the exact odds: fathom review {save}" in flat(run.out)
    assert "Keep-or-reroll choices of seat 0" in cli("review", str(save)).out


def test_review_of_an_into_the_blue_save_lists_the_dice_choices(cli, tmp_path: Path) -> None:
    save = tmp_path / "itb.json"
    assert cli("play", "into-the-blue", "--watch", "--players", "2", "--seed", "6", "--bots", "expert,random",
               "--save", str(save)).code == 0
    expert, random = cli("review", str(save), "--seat", "0"), cli("review", str(save), "--seat", "1")
    assert "Keep-or-reroll choices of seat 0" in expert.out and ", 0 against them." in flat(expert.out)
    assert "expected points given up" in flat(random.out)


def test_every_reviewed_game_has_a_terminal_table() -> None:
    from fathom.core.plugins import plugin_for
    from fathom.review import GAMES

    assert GAMES and all(callable(plugin_for(game).load("review_table")) for game in GAMES)
