"""Deep Blue's terminal speaks the player's language (``--lang fr``): the board, its panels, the
move list and its notes, the dive board, the prompts and the help, not only the log; the moves
typed are the same in every language, and the English screen is what it was."""

from __future__ import annotations

import io
import json
import re
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import fathom
from fathom.bots import make_bot
from fathom.games.deep_blue.terminal import DeepBlueRenderer
from fathom.games.deep_blue.terminal.words import card_name, scenario_rule
from fathom.core.api import CHANCE, TERMINAL, State
from fathom.i18n import Translator

# English labels of the board, the menu and the session that a French screen must not show,
# each with the French that takes its place
PLAYED = [
    ("players: seat 0 (you)", "joueurs : siège 0 (vous)"),
    ("Seed 4", "Graine 4"),
    ("turn of you", "à vous de jouer"),
    ("you are yellow", "vous êtes jaune"),
    ("Map", "Carte"),
    ("Y1 = boat 1 · (3) leader VP · (??) face down", "J1 = bateau 1 · (3) PV du chef · (??) face cachée"),
    ("Wreck sites", "Sites d'épave"),
    ("Spots+holder", "Emplac.+bateau"),
    ("?? face down:", "?? face cachée :"),
    ("Market (deck 22, refresh $4)", "Marché (pioche 22, renouveler 4 $)"),
    ("Your hand (4)", "Votre main (4)"),
    ("Your rest pile (1)", "Votre défausse de repos (1)"),
    ("Treasure Hunter", "Chasseur de trésors"),
    ("$2 or sail 1", "2 $ ou 1 hélice"),
    ("Seat            VP Tok Hand Rest Own Boats", "Place            PV Jet Main Repos Cartes Bateaux"),
    ("Y1 harbour, Y2 harbour", "J1 port, J2 port"),
    ("Bag (24): ◆silver 8", "Sac (24) : ◆argent 8"),
    ("Supply: ", "Réserve : "),
    ("Fresco 0/4 Sunken City tiles (the last one ends the game)",
     "Fresque 0/4 tuiles Cité engloutie (la dernière termine la partie)"),
    ("Scenario: Troubled Waters (Sunken City dives: the dive leader draws 2 gems at a time)",
     "Scénario : Eaux troubles (plongées sur la Cité engloutie : le chef de plongée tire les gemmes deux"),
    ("hidden scores", "options : scores cachés"),
    ("▶ Your move: recruit a crew member, refresh the market, sail, rest or dive",
     "▶ À vous : recruter un membre d'équipage, renouveler le marché, naviguer, vous reposer ou plonger"),
    ("  1. Recruit Treasure Hunter ($1) [recruit slot1]   $1: Treasure Hunter 2VP",  # by name, as the page (issue 52)
     "  1. Recruter Chasseur de trésors (1 $)   1 $ : Chasseur de trésors 2 PV"),
    ("  4. sail   up to 5 movement from your hand and tokens",
     "  4. Naviguer   jusqu'à 5 déplacements avec votre main et vos jetons"),
    ("Pay $1 more for the card in slot1", "Payez encore 1 $ pour la carte de la case 1"),
    ("Pay with Skipper ($2) [pay skipper]   $2, $1 lost", "Payer avec Capitaine (2 $)   2 $, 1 $ perdu"),
    ("Your move [1-", "Votre coup [1-"),
    ("Enter one of:", "Tapez l'un de :"),
    ("the move with that number in the list", "le coup qui porte ce numéro dans la liste"),
    ("is not a move number, a move or a command", "n'est ni un numéro de coup, ni un coup, ni une commande"),
    ("Quit.", "Partie quittée."),
]
WATCHED = [
    ("3 players: seat 0 (greedy)", "3 joueurs : siège 0 (greedy)"),
    ("Game log", "Journal de la partie"),
    ("boat 1: harbour → S", "bateau 1 : port → S"),  # the log names the harbour as the board does
    ("final position", "position finale"),
    ("Spectator: hands and rest piles are hidden", "Spectateur : les mains et les défausses de repos sont cachées"),
    ("Players", "Joueurs"),
    ("Fresco 4/4 Sunken City tiles", "Fresque 4/4 tuiles Cité engloutie"),
    ("Game over. Winner", "Partie terminée. Vainqueur"),
    ("replay this deal with --seed 5", "rejouez cette donne avec --seed 5"),
]


def test_a_few_moves_of_a_played_game_are_all_in_french(cli, tmp_path: Path) -> None:
    """Recruit, pay, then help, a wrong word and quit: every label of the screen is French, and
    the English run of the same keys shows the English ones (so the list checks something)."""
    keys = "1\n1\nhelp\nblah\nquit\n"
    french = cli("play", "deep-blue", "--seed", "4", "--lang", "fr", stdin=keys)
    english = cli("play", "deep-blue", "--seed", "4", stdin=keys)
    assert french.code == english.code == 0, french
    for en, fr in PLAYED:
        assert en in english.out, en
        assert en not in french.out, en
        assert fr in french.out, fr
    # no catalog key shows raw, and no placeholder is left unfilled
    assert "dbt." not in french.out and "play." not in french.out and "{" not in french.out


def test_a_whole_watched_game_in_french_and_its_replay(cli, tmp_path: Path) -> None:
    save = tmp_path / "watched.json"
    french = cli("play", "deep-blue", "--watch", "--players", "3", "--seed", "5", "--lang", "fr", "--save", str(save))
    english = cli("play", "deep-blue", "--watch", "--players", "3", "--seed", "5")
    assert french.code == english.code == 0, french
    for en, fr in WATCHED:
        assert en in english.out, en
        assert en not in french.out, en
        assert fr in french.out, fr
    assert "dbt." not in french.out and "{" not in french.out
    data = json.loads(save.read_text())
    data["actions"] = data["actions"][:40]
    save.write_text(json.dumps(data))
    replay = cli("replay", str(save), "--all", "--seat", "0", "--lang", "fr")
    assert replay.code == 0, replay
    assert "Étape 40/40" in replay.out and "Step " not in replay.out
    assert "vue : siège 0" in replay.out and "hasard : tuile départ-" in replay.out  # a chance step, in words
    assert "Fin de la sauvegarde : la partie n'était pas finie" in replay.out
    assert "Wreck sites" not in replay.out and "Sites d'épave" in replay.out


def test_the_same_keys_play_the_same_moves_in_every_language(cli, tmp_path: Path) -> None:
    """Numbers, the notation and the French labels all pick the same moves: the saves agree."""
    saves = {name: tmp_path / f"{name}.json" for name in ("en", "fr", "fr_words", "fr_notation")}
    runs = {
        "en": ("en", "1\n1\n2\n1\nquit\n"),
        "fr": ("fr", "1\n1\n2\n1\nquit\n"),
        "fr_words": ("fr", "recruter case 1\nPayer avec Capitaine\nrecruter CASE 2\n1\nquit\n"),
        "fr_notation": ("fr", "recruit slot1\npay skipper\nrecruit slot2\n1\nquit\n"),
    }
    for name, (lang, keys) in runs.items():
        run = cli("play", "deep-blue", "--seed", "4", "--lang", lang, "--save", str(saves[name]), stdin=keys)
        assert run.code == 0, run
        assert "n'est ni un numéro" not in run.out and "is not a move number" not in run.out
    played = {name: json.loads(path.read_text())["actions"] for name, path in saves.items()}
    assert "recruit slot2" in played["en"] and "pay skipper" in played["en"]
    assert played["fr"] == played["en"] == played["fr_words"] == played["fr_notation"]


def test_undo_and_the_hint_in_french(cli) -> None:
    """The hint names the sail plan in French words; undo says what it took back, as the list words it."""
    run = cli("play", "deep-blue", "--seed", "4", "--lang", "fr", stdin="1\n1\nhint\n1\nundo\nquit\n")
    assert run.code == 0, run
    hint = next(line for line in run.out.splitlines() if line.startswith("Conseil (ismcts) : "))
    assert "Naviguer : bateau 1 " in hint and ", bateau 2 " in hint and "chance de victoire estimée" in hint
    assert re.search(r"Coup repris : Recruter .+ \(\d \$\)", run.out), run.out


RENDERER_FR = DeepBlueRenderer()
RENDERER_FR.speak(Translator("fr"))
RENDERER_EN = DeepBlueRenderer()


def render(renderer: DeepBlueRenderer, view: dict[str, Any], seat: int | None) -> str:
    console = Console(record=True, width=100, file=io.StringIO(), color_system=None)
    console.print(renderer.board(view, seat))
    return console.export_text()


@pytest.mark.parametrize("scenario", ["storm", "bounty-wrecks", "scattered-wealth", "dangerous-reefs"])
def test_dives_and_their_notes_in_french(scenario: str) -> None:
    """Whole greedy games: at each kind of decision the French board and notes have no English
    label and no raw key, the odds are the same numbers (with a decimal comma), and the English
    renderer (the default) says what it always said."""
    state: State = fathom.new_game("deep-blue", players=3, seed=11, scenario=scenario)
    bots = [make_bot("greedy", "deep-blue", seed=i) for i in range(3)]
    seen: set[str] = set()
    while state.current_player != TERMINAL:
        seat = state.current_player
        if seat == CHANCE:
            state.apply(state.sample_chance())
            continue
        view = state.view(seat)
        if view["phase"] not in seen:
            seen.add(view["phase"])
            french, english = render(RENDERER_FR, view, seat), render(RENDERER_EN, view, seat)
            assert "dbt." not in french and "{" not in french
            for word in ("Wreck sites", "Market (deck", "Your hand", "Bag (", "Scenario:", "Your move", "Dive at",
                         "Drawn (", "HAZARD", "warning", "In the dive", "VP so far", "Leader "):
                assert word not in french, (word, view["phase"])
            if view.get("dive"):
                assert f"Dive at {view['dive']['site']}" in english
                assert f"Plongée en {view['dive']['site']}" in french and "Tirées (" in french
            legal = state.legal_actions()
            notes_fr = RENDERER_FR.action_notes(state, seat, legal)
            notes_en = RENDERER_EN.action_notes(state, seat, legal)
            assert set(notes_fr) == set(notes_en)
            for action in legal:
                label = RENDERER_FR.move_label(state, action)
                english = RENDERER_EN.move_label(state, action)  # the notation, after the name if it has one
                assert english == state.action_to_string(action) or english.endswith(f" [{state.action_to_string(action)}]")
                assert label != state.action_to_string(action), label  # the page's words, not the notation
                note = notes_fr.get(action, "")
                assert "dbt." not in note and "{" not in note
                if state.action_to_string(action) == "continue" and "%" in notes_en[action]:
                    percent = notes_en[action].split("%")[0].split()[-1]
                    assert percent.replace(".", ",") + " %" in note
        state.apply(bots[seat].choose(state))
    assert {"turn", "continue"} <= seen


def test_card_names_come_from_the_catalog_else_from_the_data() -> None:
    fr = Translator("fr")
    assert card_name("coral-diver", fr, "Coral Diver") == "Plongeuse du corail"
    assert card_name("pearl-diver", fr, "Pearl Diver") == "Pearl Diver"  # a card a corrected data file added
    storm = {"id": "storm", "name": "A Storm is Coming", "rule": "English rule"}
    assert scenario_rule(storm, fr).startswith("qui révèle une tuile Cité engloutie")
    assert scenario_rule(storm, Translator("en")) == "English rule"  # English reads the data's own rule
    assert scenario_rule({**storm, "id": "new-one"}, fr) == "English rule"
