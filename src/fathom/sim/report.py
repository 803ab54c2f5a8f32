"""``fathom report``: one self-contained HTML page of plots from simulation records.

Every plot is a matplotlib figure embedded as a PNG (base64), so the page can be
mailed or attached to an issue. What it shows:

* win rate by bot and by seat, with 95% Wilson intervals (a shared win counts 1/k);
* score distributions by bot, and game length (steps and turns);
* a comparison of scenarios (or other game options) when the records hold several;
* Deep Blue: how often each crew card was hired by the game's winners and by the
  other players (per player per game), how dives ended (stopped by the leader,
  leader resurfaced, bag empty) by leading bot, and when hazards strike (the draw
  of the dive at which each hazard came, the first hazard of each dive, dive length
  by outcome);
* Into the Blue: failed and perfect dives per game.
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from fathom.plugins import plugins_with
from fathom.sim.elo import wilson
from fathom.sim.fairness import seat_rates, seat_tests
from fathom.sim.runner import summarize


def pyplot() -> Any:
    """matplotlib's pyplot on the file-only Agg backend, in the look every plot of fathom shares
    (imported late: matplotlib is slow to load and only plots need it)."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    plt.rcParams.update({"figure.dpi": 100, "font.size": 9, "axes.grid": True, "grid.alpha": 0.3})
    return plt


class Page:
    def __init__(self, title: str, png_dir: str | None) -> None:
        self.title = title
        self.parts: list[str] = []
        self.png_dir = png_dir
        self.count = 0
        if png_dir:
            os.makedirs(png_dir, exist_ok=True)

    def heading(self, text: str) -> None:
        self.parts.append(f"<h2>{html.escape(text)}</h2>")

    def para(self, text: str) -> None:
        self.parts.append(f"<p>{html.escape(text)}</p>")

    def table(self, header: Sequence[str], rows: Sequence[Sequence[Any]]) -> None:
        head = "".join(f"<th>{html.escape(str(h))}</th>" for h in header)
        body = "".join("<tr>" + "".join(f"<td>{html.escape(str(c))}</td>" for c in row) + "</tr>" for row in rows)
        self.parts.append(f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>")

    def figure(self, fig: Any, name: str, caption: str) -> None:
        buf = io.BytesIO()
        fig.tight_layout()
        fig.savefig(buf, format="png")
        data = buf.getvalue()
        self.count += 1
        if self.png_dir:
            with open(os.path.join(self.png_dir, f"{self.count:02d}-{name}.png"), "wb") as fh:
                fh.write(data)
        b64 = base64.b64encode(data).decode("ascii")
        self.parts.append(
            f'<figure><img alt="{html.escape(caption)}" src="data:image/png;base64,{b64}">'
            f"<figcaption>{html.escape(caption)}</figcaption></figure>"
        )
        pyplot().close(fig)

    def render(self) -> str:
        style = (
            "body{font-family:system-ui,sans-serif;max-width:1100px;margin:2em auto;color:#222}"
            "table{border-collapse:collapse;margin:1em 0}td,th{border:1px solid #ccc;padding:3px 8px;text-align:right}"
            "th{background:#eef}td:first-child{text-align:left}figure{margin:1.5em 0}"
            "figcaption{color:#555;font-size:90%}img{max-width:100%}"
        )
        return (f"<!doctype html><html><head><meta charset='utf-8'><title>{html.escape(self.title)}</title>"
                f"<style>{style}</style></head><body><h1>{html.escape(self.title)}</h1>"
                + "\n".join(self.parts) + "</body></html>\n")


def option_label(rec: dict[str, Any]) -> str:
    opts = rec.get("options") or {}
    if "scenario" in opts and len(opts) == 1:
        return str(opts["scenario"])
    return json.dumps(opts, sort_keys=True) if opts else "default"


def write_report(records: Sequence[dict[str, Any]], out: str, title: str | None = None,
                 png_dir: str | None = None) -> None:
    plt = pyplot()
    games = sorted({r["game"] for r in records})
    page = Page(title or f"fathom simulation report: {', '.join(games)} ({len(records)} games)", png_dir)
    summary = summarize(records)
    bots = sorted(summary, key=lambda b: -summary[b].win_rate)
    labels = sorted({option_label(r) for r in records})
    players = sorted({r["players"] for r in records})
    page.para(f"{len(records)} games of {', '.join(games)}; players {players}; options: {', '.join(labels)}. "
              "Win rates count a shared win as 1/k; intervals are 95% Wilson intervals.")
    rows = []
    for b in bots:
        s = summary[b]
        lo, hi = wilson(s.wins, s.games)
        rows.append([b, s.games, f"{100 * s.win_rate:.1f}%", f"{100 * lo:.1f}–{100 * hi:.1f}%",
                     f"{s.score_sum / s.games:.1f}", f"{s.place_sum / s.games:.2f}"])
    page.table(["bot", "seat-games", "win rate", "95% CI", "mean score", "mean place"], rows)

    # ---- win rates -------------------------------------------------------------------------
    page.heading("Win rate by bot and by seat")
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
    rates = [summary[b].win_rate for b in bots]
    errs = [wilson(summary[b].wins, summary[b].games) for b in bots]
    axes[0].bar(range(len(bots)), rates, yerr=_error_bars(rates, errs), capsize=4, color="#4a7")
    axes[0].set_xticks(range(len(bots)), [_short(b) for b in bots], rotation=15, ha="right")
    axes[0].set_ylabel("win rate")
    axes[0].set_title("by bot")
    for n in players:
        axes[0].axhline(1.0 / n, color="#999", ls="--", lw=1)
    by_seat = seat_rates(records)  # intervals over deals: the rotations of a deal share its luck
    n = len(by_seat)
    axes[1].bar(range(n), [rate for rate, _ in by_seat], yerr=[half for _, half in by_seat], capsize=4,
                color="#47a")
    axes[1].set_xticks(range(n), [f"seat {s}" for s in range(n)])
    axes[1].set_title("by seat (all bots)")
    for p in players:
        axes[1].axhline(1.0 / p, color="#999", ls="--", lw=1)
    page.figure(fig, "win-rates", "Win rate by bot (left) and by seat (right); dashed: an even share.")
    for test in seat_tests(records):
        page.para("Seat effect (a test over deals of the wins by seat against an even share; it means a seat "
                  "advantage only when seats were rotated): " + test.sentence() + ".")

    # ---- scores and length -----------------------------------------------------------------
    page.heading("Scores and game length")
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
    by_bot: dict[str, list[float]] = defaultdict(list)
    for rec in records:
        for seat, b in enumerate(rec["seats"]):
            by_bot[b].append(rec["scores"][seat])
    axes[0].boxplot([by_bot[b] for b in bots], showmeans=True)
    axes[0].set_xticks(range(1, len(bots) + 1), [_short(b) for b in bots], rotation=15, ha="right")
    axes[0].set_ylabel("final score")
    axes[0].set_title("score by bot (box: quartiles, triangle: mean)")
    lengths = [r["length"] for r in records]
    turns = [r.get("turns", 0) for r in records]
    axes[1].hist(turns if any(turns) else lengths, bins=30, color="#a74")
    axes[1].set_xlabel("turns per game" if any(turns) else "steps per game")
    axes[1].set_ylabel("games")
    axes[1].set_title(f"game length (mean {sum(turns or lengths) / len(records):.1f})")
    page.figure(fig, "scores-length", "Final scores by bot (left); game length in turns (right).")

    # ---- scenario comparison ---------------------------------------------------------------
    page.heading("Scenarios / options compared")
    groups: dict[str, list[dict[str, Any]]] = defaultdict(list)
    for rec in records:
        groups[option_label(rec)].append(rec)
    names = sorted(groups)
    fig, axes = plt.subplots(1, 3, figsize=(12, 3.6))
    mean_score = [sum(sum(r["scores"]) / r["players"] for r in groups[g]) / len(groups[g]) for g in names]
    mean_turns = [sum(r.get("turns", r["length"]) for r in groups[g]) / len(groups[g]) for g in names]
    axes[0].bar(range(len(names)), mean_score, color="#6a5")
    axes[0].set_title("mean score per player")
    axes[1].bar(range(len(names)), mean_turns, color="#a65")
    axes[1].set_title("mean turns per game")
    width = 0.8 / max(1, len(bots))
    for k, b in enumerate(bots):
        vals = []
        for g in names:
            sm = summarize(groups[g]).get(b)
            vals.append(sm.win_rate if sm else 0.0)
        axes[2].bar([i + k * width for i in range(len(names))], vals, width, label=_short(b))
    axes[2].set_title("win rate by bot")
    axes[2].legend(fontsize=7)
    for ax in axes:
        ax.set_xticks([i + (0.4 - width / 2 if ax is axes[2] else 0) for i in range(len(names))],
                      names, rotation=20, ha="right")
    page.figure(fig, "scenarios", f"{len(names)} option set(s): {', '.join(f'{g} ({len(groups[g])} games)' for g in names)}.")

    for plugin in plugins_with("report"):  # each game's own section, for the games played
        played = [r for r in records if r["game"] == plugin.name]
        if played:
            plugin.load("report")(page, played, plt)
    with open(out, "w", encoding="utf-8") as fh:
        fh.write(page.render())


def _error_bars(rates: list[float], intervals: list[tuple[float, float]]) -> list[list[float]]:
    """Matplotlib's below/above lengths of each interval; never negative (a 0% rate's lower
    bound can come out a rounding error above 0, which matplotlib refuses)."""
    return [[max(0.0, r - lo) for r, (lo, _) in zip(rates, intervals)],
            [max(0.0, hi - r) for r, (_, hi) in zip(rates, intervals)]]


def _short(bot: str, width: int = 22) -> str:
    return bot if len(bot) <= width else bot[: width - 1] + "…"


def deep_blue_section(page: Page, records: Sequence[dict[str, Any]], plt: Any) -> None:
    # ---- crew cards: winners vs others -----------------------------------------------------
    page.heading("Crew cards hired: winners vs the others")
    win_count: Counter[str] = Counter()
    other_count: Counter[str] = Counter()
    win_players = other_players = 0
    for rec in records:
        for seat, cards in enumerate(rec.get("cards_bought") or []):
            if seat in rec["winners"]:
                win_players += 1
                win_count.update(cards)
            else:
                other_players += 1
                other_count.update(cards)
    cards = sorted(set(win_count) | set(other_count), key=lambda c: -(win_count[c] + other_count[c]))
    if cards:
        fig, ax = plt.subplots(figsize=(11, 3.8))
        w = [win_count[c] / max(1, win_players) for c in cards]
        o = [other_count[c] / max(1, other_players) for c in cards]
        x = range(len(cards))
        ax.bar([i - 0.2 for i in x], w, 0.4, label=f"winners ({win_players} player-games)", color="#d94")
        ax.bar([i + 0.2 for i in x], o, 0.4, label=f"others ({other_players} player-games)", color="#69c")
        ax.set_xticks(list(x), cards, rotation=30, ha="right")
        ax.set_ylabel("hired per player per game")
        ax.legend()
        page.figure(fig, "cards", "How often each crew card was hired, per player per game, by the game's "
                                  "winners and by everyone else.")
    _vp_sources(page, records, plt)
    # ---- dives -----------------------------------------------------------------------------
    page.heading("Dives: how they end and when hazards strike")
    outcome_names = ("stopped", "leader_failed", "bag_empty")
    by_bot: dict[str, Counter[str]] = defaultdict(Counter)
    length_by: dict[str, list[int]] = defaultdict(list)
    hazard_draws: list[int] = []
    first: list[int] = []
    for rec in records:
        leaders = rec.get("dive_leaders") or []
        outcomes = rec.get("dive_outcomes") or []
        gems = rec.get("dive_gems") or []
        for k, outcome in enumerate(outcomes):
            bot = rec["seats"][leaders[k]] if k < len(leaders) else "?"
            by_bot[bot][outcome] += 1
            if k < len(gems):
                length_by[outcome].append(gems[k])
        hazard_draws.extend(rec.get("hazard_draws") or [])
        first.extend(rec.get("first_hazard_draws") or [])
    if by_bot:
        fig, axes = plt.subplots(1, 3, figsize=(13, 3.8))
        leaders = sorted(by_bot)
        bottom = [0.0] * len(leaders)
        colours = {"stopped": "#5a5", "leader_failed": "#c55", "bag_empty": "#888"}
        for outcome in outcome_names:
            vals = [by_bot[b][outcome] / max(1, sum(by_bot[b].values())) for b in leaders]
            axes[0].bar(range(len(leaders)), vals, bottom=bottom, label=outcome.replace("_", " "),
                        color=colours[outcome])
            bottom = [x + y for x, y in zip(bottom, vals)]
        axes[0].set_xticks(range(len(leaders)), [_short(b, 16) for b in leaders], rotation=15, ha="right")
        axes[0].set_title("dive outcome by leading bot")
        axes[0].legend(fontsize=7)
        top = max(hazard_draws + first + [1])
        bins = [x - 0.5 for x in range(1, top + 2)]
        axes[1].hist([hazard_draws, first], bins=bins, label=["every hazard", "first hazard of a dive"],
                     color=["#c84", "#48c"])
        axes[1].set_xlabel("draw of the dive at which the hazard came")
        axes[1].set_ylabel("hazards")
        axes[1].set_title("hazard timing")
        axes[1].legend(fontsize=7)
        data = [length_by[o] for o in outcome_names if length_by[o]]
        axes[2].hist(data, bins=range(0, max(max(d) for d in data) + 2), stacked=True,
                     label=[o.replace("_", " ") for o in outcome_names if length_by[o]],
                     color=[colours[o] for o in outcome_names if length_by[o]])
        axes[2].set_xlabel("gems drawn in the dive")
        axes[2].set_title("dive length by outcome")
        axes[2].legend(fontsize=7)
        total = sum(sum(c.values()) for c in by_bot.values())
        page.figure(fig, "dives", f"{total} dives. A hazard is a second or later black/blue gem of a dive.")


def _vp_sources(page: Page, records: Sequence[dict[str, Any]], plt: Any) -> None:
    """Per bot, where its VP came from: the dives it led or those of others it joined (every VP is a dive's)."""
    per_bot: dict[str, list[tuple[int, int, int, int]]] = defaultdict(list)
    for rec in records:
        leading, joining = rec.get("vp_leading"), rec.get("vp_joining")
        if not leading or not joining or None in leading or None in joining:  # older records, or hidden scores
            continue
        for seat, bot in enumerate(rec["seats"]):
            per_bot[bot].append((leading[seat], joining[seat], rec["dives_led"][seat], rec["dives_joined"][seat]))
    if not per_bot:
        return
    page.heading("Where the VP come from: dives led and dives joined")
    bots = sorted(per_bot)
    mean = {b: [sum(row[k] for row in per_bot[b]) / len(per_bot[b]) for k in range(4)] for b in bots}
    fig, axes = plt.subplots(1, 2, figsize=(11, 3.6))
    x = range(len(bots))
    axes[0].bar(x, [mean[b][0] for b in bots], label="VP from dives it led", color="#d94")
    axes[0].bar(x, [mean[b][1] for b in bots], bottom=[mean[b][0] for b in bots], label="VP from dives it joined",
                color="#69c")
    axes[0].set_ylabel("VP per game")
    axes[1].bar([i - 0.2 for i in x], [mean[b][2] for b in bots], 0.4, label="dives led", color="#d94")
    axes[1].bar([i + 0.2 for i in x], [mean[b][3] for b in bots], 0.4, label="dives joined", color="#69c")
    axes[1].set_ylabel("dives per game")
    for ax in axes:
        ax.set_xticks(list(x), [_short(b, 16) for b in bots], rotation=15, ha="right")
        ax.legend(fontsize=7)
    page.figure(fig, "vp-sources", "Mean VP per game from the dives each bot led and from others' dives it joined "
                                   "(left), and how many of each it took part in (right).")
    page.table(["bot", "seat-games", "VP leading", "VP joining", "dives led", "dives joined"],
               [[b, len(per_bot[b]), *(f"{v:.1f}" for v in mean[b])] for b in bots])


def into_the_blue_section(page: Page, records: Sequence[dict[str, Any]], plt: Any) -> None:
    page.heading("Into the Blue: dive results")
    fig, ax = plt.subplots(figsize=(6, 3.4))
    failed = [r.get("dives_failed", 0) for r in records]
    perfect = [r.get("dives_perfect", 0) for r in records]
    ax.hist([failed, perfect], bins=range(0, max(failed + perfect + [1]) + 2), label=["failed", "perfect"])
    ax.set_xlabel("dives per game")
    ax.legend()
    page.figure(fig, "itb-dives", "Failed dives (no 1) and perfect dives per game.")
