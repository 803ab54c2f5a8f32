"""Deep Blue's section of ``fathom report`` (:mod:`fathom.sim.report`): which crew cards winners hire, where
the VP come from, how dives end and when hazards strike."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Sequence
from typing import Any

from fathom.sim.report import Page, short_label


def section(page: Page, records: Sequence[dict[str, Any]], plt: Any) -> None:
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
        axes[0].set_xticks(range(len(leaders)), [short_label(b, 16) for b in leaders], rotation=15, ha="right")
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
        ax.set_xticks(list(x), [short_label(b, 16) for b in bots], rotation=15, ha="right")
        ax.legend(fontsize=7)
    page.figure(fig, "vp-sources", "Mean VP per game from the dives each bot led and from others' dives it joined "
                                   "(left), and how many of each it took part in (right).")
    page.table(["bot", "seat-games", "VP leading", "VP joining", "dives led", "dives joined"],
               [[b, len(per_bot[b]), *(f"{v:.1f}" for v in mean[b])] for b in bots])
