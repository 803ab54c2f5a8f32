"""The tables and panels of the board: sites, market, hands, players, the dive, and what the step asks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fathom.cli.render_deep_blue.board_map import boats_label
from fathom.cli.render_deep_blue.look import (
    GEMS, SPOT_LABEL, SPOT_STYLE, Box, boat_tag, boats_at, card_effect, gem_text, join, label,
    player_style, rush_reach, seat_name, seat_tag, treasure_vp,
)
from fathom.games.deep_blue.data import HAZARDS


WATCHED_PHASES = {
    "setup-tile": "Setting up: a starting tile is placed",
    "market-draw": "A crew card is turned face up in the market",
    "reveal": "A face-down tile is revealed",
    "scatter": "Scattered Wealth: a gem is placed on a tile",
    "draw": "A gem is drawn from the bag",
    "rest-draw": "A card is drawn from the rest pile",
}


# ---- tables ------------------------------------------------------------------------------------


def spot_cell(view: Mapping[str, Any], spot: Mapping[str, Any]) -> Text:
    cell = Text(SPOT_LABEL.get(spot["kind"], spot["kind"]), style=SPOT_STYLE.get(spot["kind"], ""))
    holder = spot.get("boat")
    if holder:
        cell.append_text(boat_tag(view, holder["seat"], holder["boat"]))
    else:
        cell.append("·", style="dim")
    return cell


def sites_table(view: Mapping[str, Any], box: Box, me: int | None) -> Table:
    """Face-up tiles with their spots and holders; face-down and empty sites on one line each."""
    table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold cyan", title="Wreck sites",
                  title_justify="left", title_style="bold cyan")
    table.add_column("At")
    table.add_column("Tile")
    table.add_column("VP", justify="right")
    table.add_column("Spots+holder")
    where = boats_at(view)
    face_down: list[Text] = []
    empty = []
    for site in view["sites"]:
        nid = site["node"]
        if site.get("face_down"):
            face_down.append(Text(nid) + (gem_text(site["gem"], "") if site.get("gem") else Text("")))
            continue
        if site.get("tile") is None:
            empty.append(nid)
            continue
        spots = join([spot_cell(view, s) for s in site.get("spots", [])], " ")
        held = {(s["boat"]["seat"], s["boat"]["boat"]) for s in site.get("spots", []) if s.get("boat")}
        centre = [b for b in where.get(nid, []) if b not in held]
        if centre:
            spots.append(" +")
            spots.append_text(boats_label(view, centre, me))
        if site.get("gem"):
            spots.append(" ")
            spots.append_text(gem_text(site["gem"]))
        tile = Text(site["tile"], style="bold magenta" if site.get("sunken") else "")
        table.add_row(Text(nid, style="bold"), tile, str(site.get("leader_vp", "")), spots)
    grid = Table.grid()
    grid.add_column()
    if table.row_count:
        grid.add_row(table)
    else:
        grid.add_row(label("Wreck sites", "bold cyan"))
    if face_down:
        grid.add_row(label("?? face down: ", "dim") + join(face_down, " "))
    if empty:
        grid.add_row(Text("·· empty: " + " ".join(empty), style="dim"))
    return grid


def market_table(view: Mapping[str, Any], box: Box) -> Group:
    title = label(f"Market (deck {view['deck_count']}, refresh ${view['refresh_price']})", "bold cyan")
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False)
    table.add_column("slot", style="dim")
    table.add_column("price", justify="right", style="bold")
    table.add_column("card")
    table.add_column("effect")
    for entry in view["market"]:
        card_id = entry.get("card")
        if card_id is None:
            table.add_row(f"slot{entry['slot']}", f"${entry['price']}", Text("(empty)", style="dim"), "")
            continue
        card = box.cards.get(card_id, {"id": card_id})
        table.add_row(f"slot{entry['slot']}", f"${entry['price']}", Text(box.card_name(card_id), style="bold"),
                      card_effect(card, market=True))
    return Group(title, table)


def pile_lines(title: str, pile: Mapping[str, int] | None, count: int, box: Box) -> list[Text]:
    lines = [Text(f"{title} ({count})", style="bold cyan")]
    if not pile:
        lines.append(Text("  (empty)" if count == 0 else "  (hidden)", style="dim"))
        return lines
    for card_id, n in sorted(pile.items(), key=lambda kv: box.card_name(kv[0])):
        line = Text(f" {n}× " if n > 1 else "    ")
        line.append(box.card_name(card_id), style="bold")
        line.append(" " * max(1, 16 - len(box.card_name(card_id))))
        line.append_text(card_effect(box.cards.get(card_id, {})))
        lines.append(line)
    return lines


def card_list(cards: Mapping[str, int], box: Box) -> str:
    return ", ".join(f"{box.card_name(c)}{f' ×{n}' if n > 1 else ''}" for c, n in cards.items()) or "-"


def players_table(view: Mapping[str, Any], box: Box, me: int | None) -> Table:
    table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold cyan", title="Players", title_justify="left",
                  title_style="bold cyan")
    for col, justify in (("Seat", "left"), ("VP", "right"), ("Tok", "right"), ("Hand", "right"),
                         ("Rest", "right"), ("Own", "right"), ("Boats", "left"), ("In play", "left")):
        table.add_column(col, justify=justify)  # type: ignore[arg-type]
    to_move = view.get("to_move")
    for info in view["seats"]:
        s = info["seat"]
        name = Text("▶ " if s == to_move else "  ")
        name.append(f"{seat_name(s, me)} {info['colour']}", style=player_style(view, s))
        boats = []
        for b in info["boats"]:
            tag = boat_tag(view, s, b["boat"]) + Text(f" {b['node']}")
            if b.get("spot"):
                tag.append(f" {SPOT_LABEL.get(b['spot'], b['spot'])}", style=SPOT_STYLE.get(b["spot"], ""))
            boats.append(tag)
        vp = info.get("vp")
        table.add_row(
            name,
            "?" if vp is None else str(vp),
            str(info.get("tokens", 0)),
            str(info.get("hand_count", 0)),
            str(info.get("rest_count", 0)),
            str(info.get("owned_cards", 0)),
            join(boats, ", "),
            card_list(info.get("in_play") or {}, box),
        )
    return table


def gem_counts(counts: Mapping[str, int], empty: str = "none") -> Text:
    parts = [gem_text(g, f"{g} {counts[g]}") for g in GEMS if counts.get(g)]
    return join(parts, " ") if parts else Text(empty, style="dim")


# ---- the dive board ------------------------------------------------------------------------------


def drawn_line(drawn: Sequence[str]) -> Text:
    """Gems in draw order; the first blue/black is a warning, every later one a hazard."""
    seen: dict[str, int] = {}
    parts = []
    for i, gem in enumerate(drawn, 1):
        seen[gem] = seen.get(gem, 0) + 1
        part = label(f"{i}", "dim") + gem_text(gem)
        if gem in HAZARDS:
            first = seen[gem] == 1
            part.append(" warning" if first else " HAZARD", style="yellow" if first else "bold red")
        parts.append(part)
    return join(parts, " ") if parts else Text("nothing yet", style="dim")


def dive_panel(view: Mapping[str, Any], box: Box, me: int | None) -> Panel:
    dive = view["dive"]
    leader = dive["leader"]
    tile = box.tiles.get(dive["tile"], {})
    lines: list[Text] = []
    head = Text("Leader ") + seat_tag(view, leader, me)
    head.append(f" (tile {dive['tile']}: {tile.get('leader_vp', '?')} VP)")
    if dive.get("sunken"):
        scenario = box.scenarios.get(view.get("options", {}).get("scenario", ""), None)
        head.append("  Sunken City", style="bold magenta")
        if scenario:
            head.append(f": {scenario['name']} applies", style="magenta")
    lines.append(head)
    if view.get("phase") == "rush":
        here = sorted({s for s, _ in boats_at(view).get(dive["site"], [])})
        reach = rush_reach(view, box, bool(dive.get("sunken")))
        away = "one move" if reach == 1 else f"{reach} moves"
        line = Text(f"Rushing in: boats up to {away} away may join. On the site now: ")
        lines.append(line + join([seat_tag(view, s, me) for s in here], ", "))
    else:
        divers = join([seat_tag(view, s, me) for s in dive["divers"]], ", ") or label("nobody", "dim")
        out = join([seat_tag(view, s, me) for s in dive["resurfaced"]], ", ") or label("nobody", "dim")
        lines.append(Text("In the dive: ") + divers + Text("   Resurfaced: ") + out)
    drawn = list(dive.get("drawn") or [])
    lines.append(Text(f"Drawn ({len(drawn)}): ") + drawn_line(drawn))
    if dive.get("pending_gems"):
        lines.append(Text("Drawn, not yet resolved: ") + join([gem_text(g) for g in dive["pending_gems"]], " "))
    counts = dive.get("counts") or {}
    lines.append(Text("Counts: ") + gem_counts(counts))
    warn = []
    for gem in HAZARDS:
        n = counts.get(gem, 0)
        if n:
            warn.append(gem_text(gem, gem) + Text(": the next is a HAZARD", style="bold red"))
        else:
            warn.append(gem_text(gem, gem) + Text(": the first is only a warning", style="dim"))
    lines.append(Text("Hazards: ") + join(warn, "; "))
    stake = []
    for s in sorted(set(dive["divers"]) | {int(k) for k in dive.get("card_vp", {})}):
        part = seat_tag(view, s, me)
        cards = dive.get("card_vp", {}).get(str(s), 0)
        if s in dive["divers"]:
            part.append(f" {cards}+{treasure_vp(view, box, s)}")
        else:
            part.append(f" {cards} (out: no gems)")
        stake.append(part)
    if stake:
        lines.append(Text("VP so far (cards + gems): ") + join(stake, ", "))
    title = f"Dive at {dive['site']}"
    return Panel(Group(*lines), title=title, title_align="left", border_style="magenta")


# ---- what the step asks ---------------------------------------------------------------------------


def step_text(view: Mapping[str, Any], box: Box, me: int | None) -> Text:
    step = view.get("step") or {}
    phase = str(step.get("phase", view.get("phase")))
    to_move = view.get("to_move")
    if phase == "over":
        winners = view.get("winners") or []
        line = Text("Game over. ", style="bold")
        line.append("Winner" + ("s" if len(winners) > 1 else "") + ": ", style="bold")
        line.append_text(join([seat_tag(view, s, me) for s in winners], ", "))
        return line
    if phase in WATCHED_PHASES or to_move == "chance":
        return Text("▶ " + WATCHED_PHASES.get(phase, "Chance decides") + "…", style="dim")
    line = Text("▶ ")
    if isinstance(to_move, int):
        line.append_text(Text("Your move" if to_move == me else f"Seat {to_move} to move",
                              style=player_style(view, to_move)))
        line.append(": ")
    ask = {
        "turn": "recruit a crew member, refresh the market, sail, rest or dive",
        "take": "take one card from the new market for free",
        "sail-pay": f"play propellers or tokens (movement so far: {step.get('movement', 0)})",
        "sail-move": f"Movement left: {step.get('movement', 0)}",
        "scout": f"choose a scouting spot for boat {step.get('boat', '?')}",
        "rush": "rush boats to the dive site, or done",
        "play": "play crew cards the drawn gems allow, or done",
        "continue": "continue the dive (draw again) or stop",
    }
    if phase == "pay":
        paying = step.get("paying_for", "")
        what = "the market refresh" if paying == "refresh" else f"the card in {paying}"
        line.append(f"Pay ${step.get('left_to_pay', '?')} more for {what}", style="bold")
    elif phase == "defend":
        gem = step.get("hazard", "?")
        line.append("Defend against the ", style="bold")
        line.append_text(gem_text(gem, f"{gem} gem"))
        line.append(" or resurface", style="bold")
    elif phase == "storm-order":
        sites = ", ".join(step.get("sites", []))
        line.append(f"A Storm is Coming: choose which Sunken City to dive first: {sites}", style="bold")
    else:
        line.append(ask.get(phase, phase), style="bold")
    return line
