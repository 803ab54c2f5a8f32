"""How fast Deep Blue's bots race to the Sunken Cities (issue 52): seeded games, one record per game.

Why a script and not ``fathom simulate``: the simulate record says who led each dive, not on which
tile, nor when the fresco was completed. This plays the same tasks (``fathom.sim.runner.make_tasks``:
same seeds, same seat rotation, same bot seeds) and adds, from the public event log, each seat's
Sunken City dives (led and joined), crew hired, turns taken and the turn of each Sunken City dive.

    PYTHONPATH=src nice python scripts/sunken_race.py --bots ismcts,ismcts,ismcts,ismcts \
        --deals 8 --seed 7 --out /tmp/race_l3.jsonl [--no-rotate] [--workers 1]
    python scripts/sunken_race.py report A.jsonl C.jsonl ...   # the table
    python scripts/sunken_race.py swap A.jsonl B.jsonl heuristic  # one seat's bot swapped, paired
"""

from __future__ import annotations

import argparse
import functools
import json
import math
import statistics
import sys
from concurrent.futures import ProcessPoolExecutor
from typing import Any

from fathom.bots.specs import build_bot
from fathom.core.api import CHANCE, TERMINAL
from fathom.core.registry import new_game
from fathom.core.tasks import GameTask, bot_seed
from fathom.sim.runner import game_record, make_tasks


def play(task: GameTask, saves: str = "") -> dict[str, Any]:
    """One game to the end, with its Sunken City facts (its save in ``saves``/<deal>-<rotation>.json)."""
    state = new_game(task.game, players=task.players, seed=task.seed, **task.options)
    bots = [build_bot(spec, task.game, bot_seed(task.seed, s)) for s, spec in enumerate(task.seats)]
    n = task.players
    decisions = [0] * n
    steps = 0
    while state.current_player != TERMINAL:
        player = state.current_player
        if player == CHANCE:
            action = state.sample_chance()
        else:
            action = bots[player].choose(state)
            decisions[player] += 1
        state.apply(action)
        steps += 1
    if saves:
        with open(f"{saves}/{task.deal}-{task.rotation}.json", "w") as f:
            f.write(state.to_json())
    record = game_record(task, state.scores(), state.winners(), steps, decisions, False)
    comp = state.game.components
    sunken = {t.id for t in comp.tiles if t.sunken}
    turns = [0] * n
    hired = [0] * n
    sc_led = [0] * n
    sc_joined = [0] * n
    sc_turns: list[int] = []  # the game turn (all seats) of each Sunken City dive
    sc_leaders: list[int] = []
    leader, tile = -1, ""
    total_turns = 0
    for e in state.events(None):
        kind, seat = e["type"], e.get("seat", -1)
        if kind in ("recruit", "refresh", "sail", "rest") or (kind == "dive" and not e.get("forced")):
            turns[seat] += 1
            total_turns += 1
        if kind == "hire":
            hired[seat] += 1
        elif kind == "dive":
            leader, tile = seat, e.get("tile", "")
            if tile in sunken:
                sc_led[seat] += 1
                sc_turns.append(total_turns)
                sc_leaders.append(seat)
        elif kind == "dive-scored" and tile in sunken and seat != leader:
            sc_joined[seat] += 1
    record.update({"turns_by_seat": turns, "turns": total_turns, "hired": hired, "sc_led": sc_led,
                   "sc_joined": sc_joined, "sc_turns": sc_turns, "sc_leaders": sc_leaders,
                   "fresco_end": len(sc_leaders) >= len(sunken), "owned": [state.owned_cards(p) for p in range(n)]})
    return record


def _mean_ci(values: list[float]) -> str:
    """Mean with a normal 95% interval (a t of 2 for the few games here)."""
    m = statistics.fmean(values)
    half = 2.0 * statistics.stdev(values) / math.sqrt(len(values)) if len(values) > 1 else float("nan")
    return f"{m:.1f} ± {half:.1f}"


def report(paths: list[str]) -> None:
    """Per run: game length, crew hired, when the Sunken Cities were dived, by bot; then, for runs on
    the same deals, each bot's win share in a seat paired with the other run's bot in that seat."""
    runs = {}
    for path in paths:
        recs = {}
        for line in open(path):
            r = json.loads(line)
            recs[(r["deal"], r["rotation"])] = r  # a game played twice (a restarted run) counts once
        runs[path] = list(recs.values())
    print("| run | games | turns a game | first Sunken City dive (turn) | bot | seat-games | crew hired a seat | "
          "seats hiring none | Sunken City dives led a seat | VP a seat | win share |")
    print("|---|---:|---|---|---|---:|---|---:|---|---|---:|")
    for path, recs in runs.items():
        bots = sorted({b for r in recs for b in r["seats"]})
        for b in bots:
            seats = [(r, s) for r in recs for s in range(r["players"]) if r["seats"][s] == b]
            win = [1.0 / len(r["winners"]) if s in r["winners"] else 0.0 for r, s in seats]
            print(f"| {path} | {len(recs)} | {_mean_ci([r['turns'] for r in recs])} | "
                  f"{_mean_ci([r['sc_turns'][0] for r in recs if r['sc_turns']])} | {b} | {len(seats)} | "
                  f"{_mean_ci([r['hired'][s] for r, s in seats])} | "
                  f"{sum(r['hired'][s] == 0 for r, s in seats) / len(seats):.0%} | "
                  f"{_mean_ci([r['sc_led'][s] for r, s in seats])} | {_mean_ci([r['scores'][s] for r, s in seats])} | "
                  f"{statistics.fmean(win):.0%} |")


def swap(base_path: str, swapped_path: str, bot: str) -> None:
    """The seat where ``swapped_path`` seats ``bot`` (deal, rotation), against the same seat of the same
    deal in ``base_path`` (one game per deal, no rotation): win share and VP, paired."""
    base = {r["deal"]: r for r in map(json.loads, open(base_path))}
    pairs = []
    for r in map(json.loads, open(swapped_path)):
        if r["deal"] not in base:
            continue
        for s in range(r["players"]):
            if r["seats"][s] == bot:
                b = base[r["deal"]]
                share = [(1.0 / len(x["winners"]) if s in x["winners"] else 0.0) for x in (b, r)]
                pairs.append((share[0], share[1], b["scores"][s], r["scores"][s]))
    pairs = list({p: None for p in pairs})  # duplicates of a restarted run
    diff = [p[1] - p[0] for p in pairs]
    print(f"{bot} in the seat instead ({len(pairs)} seat-games): win share {statistics.fmean(p[1] for p in pairs):.0%} "
          f"against {statistics.fmean(p[0] for p in pairs):.0%}; paired difference {_mean_ci([100 * d for d in diff])} "
          f"points; VP {_mean_ci([p[3] - p[2] for p in pairs])} a seat")


def main() -> None:
    if sys.argv[1:2] == ["report"]:
        report(sys.argv[2:])
        return
    if sys.argv[1:2] == ["swap"]:
        swap(*sys.argv[2:5])
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bots", required=True)
    ap.add_argument("--deals", type=int, default=8)
    ap.add_argument("--first-deal", type=int, default=0)
    ap.add_argument("--seed", type=int, default=7)
    ap.add_argument("--no-rotate", action="store_true")
    ap.add_argument("--workers", type=int, default=1)
    ap.add_argument("--out", required=True)
    ap.add_argument("--saves", default="", help="a folder to write each game's save into")
    args = ap.parse_args()
    bots = args.bots.split(",")
    rotate = not args.no_rotate
    games = args.deals * (len(bots) if rotate else 1)
    tasks = make_tasks("deep-blue", bots, games, seed=args.seed, rotate=rotate, first_deal=args.first_deal)
    with open(args.out, "a") as out, ProcessPoolExecutor(args.workers) as pool:
        for record in pool.map(functools.partial(play, saves=args.saves), tasks):
            out.write(json.dumps(record) + "\n")
            out.flush()


if __name__ == "__main__":
    main()
