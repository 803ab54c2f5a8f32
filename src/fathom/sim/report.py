"""``fathom report``: one self-contained HTML page of plots from simulation records.

Every plot is a matplotlib figure embedded as a PNG (base64), so the page can be
mailed or attached to an issue. What it shows:

* win rate by bot and by seat, with 95% Wilson intervals (a shared win counts 1/k);
* score distributions by bot, and game length (steps and turns);
* a comparison of scenarios (or other game options) when the records hold several;
* each game's own section, named by its plugin (``report``, in the game's folder).
"""

from __future__ import annotations

import base64
import html
import io
import json
import os
from collections import defaultdict
from collections.abc import Sequence
from typing import Any

from fathom.core.plugins import plugins_with
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
    axes[0].set_xticks(range(len(bots)), [short_label(b) for b in bots], rotation=15, ha="right")
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
    axes[0].set_xticks(range(1, len(bots) + 1), [short_label(b) for b in bots], rotation=15, ha="right")
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
        axes[2].bar([i + k * width for i in range(len(names))], vals, width, label=short_label(b))
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


def short_label(bot: str, width: int = 22) -> str:
    return bot if len(bot) <= width else bot[: width - 1] + "…"






