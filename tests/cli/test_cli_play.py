"""``fathom play`` against the fake race game: bots only, scripted people, bad input, options."""

from __future__ import annotations

import io
import json
from pathlib import Path
from typing import Any

import pytest

from fathom.cli import renderers
from fathom.cli.main import main

PLAY = ("play", "race", "--players", "2", "--seed", "3", "--bots", "random")


def flat(text: str) -> str:
    """Console output with its line wrapping undone."""
    return " ".join(text.split())


def saved_actions(path: Path) -> list[str]:
    return json.loads(path.read_text())["actions"]


def test_bots_only_finishes_and_prints_log_and_winners(cli) -> None:
    run = cli("play", "race", "--watch", "--players", "3", "--seed", "11", "--bots", "random")
    assert run.code == 0, run
    assert "Game log" in run.out
    assert "rolls" in run.out or "moves" in run.out  # event texts
    assert "die seat=" in run.out  # an event without text, rendered compactly
    assert "Final scores" in run.out
    assert "Winner: seat " in run.out
    assert "Seed 11" in run.out
    assert "How the game went" not in run.out  # a game without per-seat numbers shows no empty table


def test_human_none_is_the_same_as_watch(cli) -> None:
    watch = cli("play", "race", "--watch", "--players", "2", "--seed", "5", "--bots", "random")
    none = cli("play", "race", "--human", "none", "--players", "2", "--seed", "5", "--bots", "random")
    assert watch.code == none.code == 0
    assert watch.out == none.out


def test_same_seed_same_game(cli) -> None:
    first = cli("play", "race", "--watch", "--seed", "8", "--bots", "random")
    second = cli("play", "race", "--watch", "--seed", "8", "--bots", "random")
    assert first.out == second.out
    assert "4 players" in first.out  # default --players 4 (within the game's 2-4)


def test_random_seed_is_printed(cli) -> None:
    run = cli("play", "race", "--watch", "--bots", "random")
    assert run.code == 0
    assert "Seed " in run.out and "--seed " in run.out


def test_scripted_numbers_and_notation_play_a_whole_game(cli, tmp_path: Path) -> None:
    save = tmp_path / "game.json"
    script = "\n".join(["1", "step", "2", "ROLL", "step", "leap"] * 5) + "\n"
    run = cli(*PLAY, "--save", str(save), stdin=script)
    assert run.code == 0, run
    assert "your turn (seat 0)" in run.out
    assert "Winner" in run.out
    assert "Game saved to" in run.out
    assert "fathom review" not in run.out  # the race game has no review
    actions = saved_actions(save)
    assert "step" in actions and "roll" in actions
    assert "mood-0" in run.out and "mood-1" not in run.out  # the person sees only their own secrets


def test_person_can_play_another_seat(cli) -> None:
    run = cli(*PLAY, "--seat", "1", stdin="step\n" * 10)
    assert run.code == 0, run
    assert "your turn (seat 1)" in run.out
    assert "seat 1 (you)" in run.out


def test_bad_input_explains_and_reprompts_without_moving(cli, tmp_path: Path) -> None:
    save = tmp_path / "quit.json"
    script = "\n".join(["9", "0", "fly", "leap", "", "log x", "save", "quit"]) + "\n"
    run = cli(*PLAY, "--save", str(save), stdin=script)
    assert run.code == 0, run
    out = run.out
    assert "There is no move 9: choose a number from 1 to 2." in out
    assert "There is no move 0" in out
    assert "'fly' is not a move number, a move or a command" in out
    assert "one of: step, roll" in out
    assert "'leap' is not legal now. Legal moves: step, roll." in out
    assert "'help' lists commands" in out
    assert "expected a number of lines" in out
    assert out.count("Your move [1-2") == 8  # re-prompted after every bad line
    assert "Quit." in out
    assert saved_actions(save) == []  # nothing was played


def test_help_log_board_and_save_commands(cli, tmp_path: Path) -> None:
    snapshot = tmp_path / "mid.json"
    script = f"step\nhelp\nlog\nlog 1\nboard\nsave {snapshot}\nquit\n"
    run = cli(*PLAY, stdin=script)
    assert run.code == 0, run
    assert "log [N]" in run.out and "hint [BOT]" in run.out and "undo" in run.out  # help text
    assert "seat 0 moves 1 to 1" in run.out
    assert run.out.count("your turn (seat 0)") == 3  # turn 1, turn 2, and 'board'
    assert saved_actions(snapshot)[0] == "step"


def test_hint_names_a_bots_move_and_plays_nothing(cli, tmp_path: Path) -> None:
    save = tmp_path / "hinted.json"
    run = cli(*PLAY, "--save", str(save),
              stdin="hint\nhint random\nhint nobody\nhint ismcts(iterations=9)\nhint ismcts(iterations=no)\nquit\n")
    assert run.code == 0, run
    assert "hint [BOT]" not in run.out  # no help was asked for
    line = next(x for x in run.out.splitlines() if x.startswith("Hint (ismcts): "))
    number, move = line.removeprefix("Hint (ismcts): ").split("   ")[0].split(". ")
    assert move in ("step", "roll") and number == {"step": "1", "roll": "2"}[move]  # its number in the list
    assert "estimated win chance" in line and "playouts" in line  # a search says how sure it is
    assert "Hint (random): " in run.out
    assert "hint nobody: no bot 'nobody' for race; allowed: " in run.out  # a clear error, then the prompt again
    assert "Hint (ismcts(iterations=9)): " in run.out  # a spec, as in --bots
    assert "'iterations' is a number (or left out), not 'no'" in flat(run.out)
    assert saved_actions(save) == []  # hints play no move
    assert run.out.count("your turn (seat 0)") == 1


def test_a_hint_bot_lasts_until_another_seat_moves(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    """The same bot answers the hints of one multi-step choice (so they follow a hinted plan);
    once a rival has moved, a fresh one does, so no plan outlives its turn."""
    from fathom.cli import session

    made: list[str] = []

    def counting(spec: str, game: str, seed: int) -> Any:
        made.append(spec)
        return real(spec, game, seed)

    real = session.build_bot
    monkeypatch.setattr(session, "build_bot", counting)
    run = cli(*PLAY, stdin="hint ismcts\nhint ismcts\nstep\nhint ismcts\nquit\n")
    assert run.code == 0, run
    assert run.out.count("Hint (ismcts): ") == 3
    assert made.count("ismcts") == 2  # one for the first turn's two hints, a new one after the rival's move


def test_undo_never_crosses_another_seats_move(cli, tmp_path: Path) -> None:
    save = tmp_path / "race.json"
    run = cli(*PLAY, "--save", str(save), stdin="undo\nstep\nundo\nquit\n")
    assert run.code == 0, run
    assert run.out.count("Nothing to undo") == 2  # nothing played yet; then the rival has moved since
    assert saved_actions(save)[0] == "step"  # the person's step stands


def test_resume_goes_on_with_a_saved_game_at_the_same_table(cli, tmp_path: Path) -> None:
    save = tmp_path / "race.json"
    first = cli("play", "race", "--players", "3", "--seed", "3", "--bots", "random,ismcts", "--save", str(save),
                stdin="step\nquit\n")
    assert first.code == 0 and f"continue: fathom play --resume {save}" in flat(first.out)
    before = saved_actions(save)
    assert json.loads(save.read_text())["table"] == {"humans": [0], "names": {"0": "you"},
                                                     "bots": [None, "random", "ismcts"]}
    again = cli("play", "--resume", str(save), stdin="step\nquit\n")
    assert again.code == 0, again
    assert "race, 3 players: seat 0 (you), seat 1 (random), seat 2 (ismcts)" in again.out  # the same table
    # (a long temporary path, e.g. under pytest-xdist, is folded across lines: compare without white space)
    assert "".join(f"Resumed from {save} at move {len(before)}".split()) in "".join(again.out.split())
    after = saved_actions(save)  # saved back to the same file
    assert after[: len(before)] == before and len(after) > len(before) and after[len(before)] == "step"


def test_bots_take_settings_as_in_simulations_and_keep_them_on_resume(cli, tmp_path: Path) -> None:
    """``--bots 'ismcts(iterations=12),random'``: a person may give level 3 more (or less) to think
    with; the spec is the bot's label and is saved, so a resumed game has the same opponent."""
    save = tmp_path / "race.json"
    first = cli("play", "race", "--players", "3", "--seed", "3", "--bots", "ismcts(iterations=12),random",
                "--save", str(save), stdin="step\nquit\n")
    assert first.code == 0, first
    assert "seat 1 (ismcts(iterations=12)), seat 2 (random)" in first.out
    assert json.loads(save.read_text())["table"]["bots"] == [None, "ismcts(iterations=12)", "random"]
    again = cli("play", "--resume", str(save), stdin="quit\n")
    assert again.code == 0 and "seat 1 (ismcts(iterations=12))" in again.out, again
    bad = cli("play", "race", "--bots", "ismcts(iterations=many)")
    assert bad.code != 0 and "ismcts setting 'iterations' is a number (or left out), not 'many'" in flat(bad.out)


def test_resume_refuses_what_would_change_the_saved_game(cli, tmp_path: Path) -> None:
    save = tmp_path / "race.json"
    assert cli(*PLAY, "--save", str(save), stdin="step\nquit\n").code == 0
    for extra, said in ((["--seed", "5"], "--seed: a resumed game keeps the players, seed and options of its save"),
                        (["--players", "3"], "--players: a resumed game keeps"),
                        (["--option", "target=9"], "--option: a resumed game keeps")):
        run = cli("play", "--resume", str(save), *extra, stdin="quit\n")
        assert run.code == 2 and said in flat(run.out), run
    run = cli("play", "deep-blue", "--resume", str(save), stdin="quit\n")
    assert run.code == 2 and "is a game of race, not deep-blue" in flat(run.out)
    run = cli("play", "--resume", str(tmp_path / "missing.json"), stdin="quit\n")
    assert run.code == 2 and "--resume: cannot read" in flat(run.out)
    run = cli("play", stdin="quit\n")
    assert run.code == 2 and "choose a game" in flat(run.out) and "or --resume FILE" in flat(run.out)
    over = tmp_path / "over.json"
    assert cli(*PLAY, "--watch", "--save", str(over)).code == 0
    run = cli("play", "--resume", str(over), stdin="quit\n")
    assert run.code == 2 and "is over" in flat(run.out)


def test_a_save_from_before_hot_seat_resumes_with_its_one_person(cli, tmp_path: Path) -> None:
    save = tmp_path / "old.json"
    assert cli(*PLAY, "--save", str(save), stdin="step\nquit\n").code == 0
    data = json.loads(save.read_text())
    data["table"] = {"human": 1, "bots": ["random", None]}  # how saves named the person's seat before
    save.write_text(json.dumps(data))
    run = cli("play", "--resume", str(save), stdin="quit\n")
    assert run.code == 0 and "seat 0 (random), seat 1 (you)" in run.out, run
    data["table"] = {"humans": ["zero"], "bots": [None, "random"]}
    save.write_text(json.dumps(data))
    run = cli("play", "--resume", str(save), stdin="quit\n")
    assert run.code == 2 and "lists people's seats as ['zero'], not seat numbers" in flat(run.out)


def screens(out: str) -> list[tuple[str, str]]:
    """A hot-seat transcript cut at each hand-over: (the seat's label, what was shown until the next)."""
    parts = out.split("Pass the keyboard to ")
    return [(part.split("─")[0].strip(), part) for part in parts[1:]]


def test_hot_seat_hands_the_screen_over_and_shows_each_person_only_their_secrets(cli, tmp_path: Path) -> None:
    save = tmp_path / "hot.json"
    script = "\n".join(["", "step"] * 12) + "\n"
    run = cli("play", "race", "--players", "3", "--human", "0,2", "--bots", "random", "--seed", "3",
              "--save", str(save), stdin=script)
    assert run.code == 0, run
    assert "race, 3 players: seat 0 (human), seat 1 (random), seat 2 (human)" in run.out
    shown = screens(run.out)
    assert {label for label, _ in shown} == {"seat 0 (human)", "seat 2 (human)"}
    assert [label for label, _ in shown[:2]] == ["seat 0 (human)", "seat 2 (human)"]  # they take turns
    for label, screen in shown:
        seat = label.split()[1]
        assert "your turn (seat " + seat + ")" in screen
        assert f"mood-{seat}" in screen  # their own secret...
        others = {"0", "1", "2"} - {seat}
        assert not any(f"mood-{other}" in screen for other in others), screen  # ...and nobody else's
    assert "Since your last look" in shown[2][1]  # seat 0 is told what happened while seat 2 played
    assert "seat 2 moves 1" in shown[2][1].split("your turn")[0]
    assert json.loads(save.read_text())["table"] == {"humans": [0, 2], "names": {"0": "human", "2": "human"},
                                                     "bots": [None, "random", None]}


def test_hot_seat_names_are_shown_saved_and_resumed(cli, tmp_path: Path) -> None:
    save = tmp_path / "named.json"
    run = cli("play", "race", "--players", "2", "--human", "1,0", "--names", "Bob, Ann", "--seed", "3",
              "--save", str(save), stdin="\nstep\nquit\n")
    assert run.code == 0 and "race, 2 players: seat 0 (Ann), seat 1 (Bob)" in run.out, run
    assert "Pass the keyboard to seat 0 (Ann)" in run.out
    again = cli("play", "--resume", str(save), stdin="quit\n")
    assert again.code == 0 and "seat 0 (Ann), seat 1 (Bob)" in again.out and "Pass the keyboard to seat 1 (Bob)" in again.out
    run = cli("play", "race", "--players", "2", "--human", "0,1", "--names", "Ann")
    assert run.code == 2 and "--names 'Ann': give one name for each person's seat [0, 1]" in run.out


def test_hot_seat_clears_the_terminal_and_its_scrollback_between_people(tmp_path: Path) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    out = Terminal()
    code = main(["play", "race", "--players", "2", "--human", "0,1", "--seed", "3"],
                stdin=io.StringIO("\nstep\n\nstep\nquit\n"), stdout=out)
    assert code == 0
    text = out.getvalue()
    first_hand, second_hand = text.index("mood-0"), text.index("mood-1")
    assert first_hand < text.index("\x1b[3J", first_hand) < second_hand  # seat 0's hand is wiped first
    assert "\x1b[2J" in text


def test_hot_seat_input_errors(cli) -> None:
    run = cli("play", "race", "--players", "2", "--human", "0,0")
    assert run.code == 2 and "--human '0,0': list each seat once" in run.out
    run = cli("play", "race", "--players", "2", "--human", "0,x")
    assert run.code == 2 and "expected a seat number, seats like 0,2, or 'none'" in flat(run.out)
    run = cli("play", "race", "--players", "2", "--human", "0,3")
    assert run.code == 2 and "--human 3: seats are 0..1" in run.out
    run = cli("play", "race", "--players", "2", "--human", "0,1", stdin="quit\n")  # quit at the hand-over
    assert run.code == 0 and "Quit." in run.out and "your turn" not in run.out


def test_save_command_without_file_says_how(cli) -> None:
    run = cli(*PLAY, stdin="save\nquit\n")
    assert "save needs a file name: save FILE" in run.out


def test_end_of_input_stops_and_saves(cli, tmp_path: Path) -> None:
    save = tmp_path / "eof.json"
    run = cli(*PLAY, "--save", str(save), stdin="step\n")
    assert run.code == 1
    assert "Input ended before the game did." in run.out
    assert saved_actions(save)[0] == "step"


def test_watch_needs_no_input_at_all(cli) -> None:
    run = cli("play", "race", "--watch", "--seed", "2", "--bots", "random", stdin="")
    assert run.code == 0 and "Winner" in run.out


def test_options_and_scenario_reach_the_game(cli) -> None:
    run = cli("play", "race", "--watch", "--seed", "1", "--bots", "random", "--option", "target=2")
    assert run.code == 0, run
    assert "'target': 2" in run.out and "Options: target=2" in run.out
    run = cli("play", "race", "--watch", "--seed", "1", "--bots", "random", "--scenario", "sprint")
    assert run.code == 0, run
    assert "'target': 3" in run.out and 'scenario="sprint"' in run.out


def test_bad_options_are_reported(cli) -> None:
    run = cli("play", "race", "--watch", "--bots", "random", "--option", "target=abc")
    assert run.code == 2 and "option target must be an integer, got 'abc'" in run.out
    run = cli("play", "race", "--watch", "--bots", "random", "--option", "colour=1")
    assert run.code == 2 and "unknown option(s) colour" in run.out
    run = cli("play", "race", "--watch", "--bots", "random", "--option", "target")
    assert run.code == 2 and "expected KEY=VALUE" in run.out
    run = cli("play", "race", "--watch", "--bots", "random", "--scenario", "marathon")
    assert run.code == 2 and "allowed: 'basic', 'sprint'" in run.out


def test_scenario_only_for_games_that_declare_it(cli, monkeypatch: pytest.MonkeyPatch, race_game) -> None:
    options = {k: v for k, v in race_game.OPTIONS.items() if k != "scenario"}
    monkeypatch.setattr(race_game, "OPTIONS", options)
    run = cli("play", "race", "--watch", "--bots", "random", "--scenario", "sprint")
    assert run.code == 2
    assert "--scenario: race has no scenarios (its options: target)" in run.out


def test_bot_choice_errors(cli) -> None:
    run = cli("play", "race", "--players", "3", "--bots", "random,random,random", stdin="quit\n")
    assert run.code == 2 and "give one name for all bots or 2 names" in run.out
    run = cli("play", "race", "--watch", "--bots", "genius")
    assert run.code == 2 and "no bot 'genius' for race; allowed:" in run.out and "random" in run.out
    run = cli("play", "race", "--players", "2", "--seat", "5")
    assert run.code == 2 and "--seat 5: seats are 0..1" in run.out
    run = cli("play", "race", "--players", "9", "--watch")
    assert run.code == 2 and "players=9 is not allowed; allowed: 2 to 4" in run.out


def test_bot_levels_and_default_bot(cli) -> None:
    run = cli("play", "race", "--watch", "--players", "2", "--seed", "4", "--bots", "0,random")
    assert run.code == 0 and "seat 0 (random), seat 1 (random)" in run.out
    run = cli("play", "race", "--watch", "--players", "2", "--seed", "4")  # no greedy for race: random
    assert run.code == 0 and "seat 0 (random)" in run.out


def test_unknown_game_is_an_argparse_error(cli, capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        cli("play", "chess")
    assert exc.value.code == 2
    assert "invalid choice: 'chess'" in capsys.readouterr().err


class NotesRenderer:
    def board(self, view: dict[str, Any], seat: int | None) -> str:
        return f"BOARD positions={view['positions']}"

    def action_notes(self, state: Any, seat: int, actions: list[int]) -> dict[int, str]:
        return {a: f"note-{state.action_to_string(a)}" for a in actions}


class BrokenNotesRenderer(NotesRenderer):
    def action_notes(self, state: Any, seat: int, actions: list[int]) -> dict[int, str]:
        raise RuntimeError("odds table missing")


def test_coach_notes_shown_beside_moves(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(renderers, "renderer_for", lambda game: NotesRenderer())
    run = cli(*PLAY, stdin="quit\n")
    assert "BOARD positions=[0, 0]" in run.out
    assert "1. step   note-step" in run.out
    run = cli(*PLAY, "--no-coach", stdin="quit\n")
    assert "note-step" not in run.out


def test_broken_coach_does_not_end_the_game(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(renderers, "renderer_for", lambda game: BrokenNotesRenderer())
    run = cli(*PLAY, stdin="step\n" * 10)
    assert run.code == 0 and "Winner" in run.out
    assert run.out.count("move notes unavailable: RuntimeError: odds table missing") == 1


def test_missing_renderer_module_falls_back_to_the_view(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    def missing(game: str) -> Any:
        raise ModuleNotFoundError("No module named 'fathom.cli.render_race'")

    monkeypatch.setattr(renderers, "renderer_for", missing)
    run = cli(*PLAY, stdin="quit\n")
    assert "no board renderer for race yet" in run.out
    assert "seat 0 view" in run.out and "'positions': [0, 0]" in run.out


def test_default_bot_not_written_yet_falls_back_to_random(cli, monkeypatch: pytest.MonkeyPatch) -> None:
    from fathom.bots import registry as bots

    monkeypatch.setitem(bots._ADDED, "greedy", {"race": "fathom.bots.no_such_bot:Bot"})
    run = cli("play", "race", "--watch", "--players", "2", "--seed", "4")
    assert run.code == 0, run
    assert "The greedy bot for race is not available" in run.out and "using random" in run.out
    run = cli("play", "race", "--watch", "--players", "2", "--bots", "greedy")
    assert run.code == 2 and "bot 'greedy' for race cannot be loaded yet" in run.out


def test_long_move_lists_are_numbered_in_columns(cli, monkeypatch: pytest.MonkeyPatch, race_game) -> None:
    from fathom.cli import session

    monkeypatch.setattr(session, "COLUMNS_AFTER", 1)
    run = cli(*PLAY, stdin="quit\n")
    assert "  1. step" in run.out and "2. roll" in run.out
    assert any("1. step" in line and "2. roll" in line for line in run.out.splitlines())


def test_auto_forced_plays_the_only_move(cli, monkeypatch: pytest.MonkeyPatch, race_game) -> None:
    state_class = type(race_game(players=2).new_initial_state(0))
    monkeypatch.setattr(state_class, "_legal_actions", lambda self: [0])  # only "step"
    run = cli(*PLAY, "--auto-forced", stdin="")
    assert run.code == 0, run
    assert "Your only move: step (played for you, --auto-forced)" in run.out
    assert "Your move [" not in run.out and "Winner" in run.out
    assert cli(*PLAY, stdin="").out.count("Your only move") >= 1  # on by default
    run = cli(*PLAY, "--no-auto-forced", stdin="1\n" * 5)  # the person may confirm each forced move
    assert run.code == 0 and "Your move [1-1" in run.out
