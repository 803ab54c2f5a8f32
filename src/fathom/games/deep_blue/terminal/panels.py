"""The tables and panels of the board: sites, market, hands, players, the dive, and what the step asks."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fathom.games.deep_blue.terminal.board_map import boats_label
from fathom.games.deep_blue.terminal.look import (
    GEMS, SPOT_STYLE, Box, boat_tag, boats_at, card_effect, gem_text, join, label, player_style, rush_reach,
    seat_tag, treasure_vp,
)
from fathom.games.deep_blue.terminal.words import (
    cash, colour_name, fill, gem_name, node_name, scenario_name, seat_name, spot_short, tile_name,
)
from fathom.games.deep_blue.data import HAZARDS
from fathom.games.deep_blue.dive_model import is_hazard
from fathom.i18n import Translator

WATCHED_PHASES = ("setup-tile", "market-draw", "reveal", "scatter", "draw", "rest-draw")  # chance's steps, said


# ---- tables ------------------------------------------------------------------------------------


def spot_cell(view: Mapping[str, Any], spot: Mapping[str, Any], tr: Translator) -> Text:
    cell = Text(spot_short(spot["kind"], tr), style=SPOT_STYLE.get(spot["kind"], ""))
    holder = spot.get("boat")
    if holder:
        cell.append_text(boat_tag(view, holder["seat"], holder["boat"], tr))
    else:
        cell.append("·", style="dim")
    return cell


def sites_table(view: Mapping[str, Any], box: Box, me: int | None, tr: Translator) -> Table:
    """Face-up tiles with their spots and holders; face-down and empty sites on one line each."""
    title = tr("dbt.sites")
    table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold cyan", title=title,
                  title_justify="left", title_style="bold cyan")
    table.add_column(tr("dbt.col.at"))
    table.add_column(tr("dbt.col.tile"))
    table.add_column(tr("db.vp"), justify="right")
    table.add_column(tr("dbt.col.spots"))
    where = boats_at(view)
    face_down: list[Text] = []
    empty = []
    for site in view["sites"]:
        nid = site["node"]
        if site.get("face_down"):
            face_down.append(Text(nid) + (gem_text(site["gem"], tr, "") if site.get("gem") else Text("")))
            continue
        if site.get("tile") is None:
            empty.append(nid)
            continue
        spots = join([spot_cell(view, s, tr) for s in site.get("spots", [])], " ")
        held = {(s["boat"]["seat"], s["boat"]["boat"]) for s in site.get("spots", []) if s.get("boat")}
        centre = [b for b in where.get(nid, []) if b not in held]
        if centre:
            spots.append(" +")
            spots.append_text(boats_label(view, centre, me, tr))
        if site.get("gem"):
            spots.append(" ")
            spots.append_text(gem_text(site["gem"], tr))
        tile = Text(tile_name(site["tile"], tr), style="bold magenta" if site.get("sunken") else "")
        table.add_row(Text(nid, style="bold"), tile, str(site.get("leader_vp", "")), spots)
    grid = Table.grid()
    grid.add_column()
    if table.row_count:
        grid.add_row(table)
    else:
        grid.add_row(label(title, "bold cyan"))
    if face_down:
        grid.add_row(label(tr("dbt.face_down_sites"), "dim") + join(face_down, " "))
    if empty:
        grid.add_row(Text(tr("dbt.empty_sites", sites=" ".join(empty)), style="dim"))
    return grid


def market_table(view: Mapping[str, Any], box: Box, tr: Translator) -> Group:
    title = label(tr("dbt.market", n=view["deck_count"], price=cash(view["refresh_price"], tr)), "bold cyan")
    table = Table(box=None, padding=(0, 1, 0, 0), show_header=False)
    table.add_column("slot", style="dim")
    table.add_column("price", justify="right", style="bold")
    table.add_column("card")
    table.add_column("effect")
    for entry in view["market"]:
        card_id = entry.get("card")
        slot, price = tr("dbt.slot", n=entry["slot"]), cash(entry["price"], tr)
        if card_id is None:
            table.add_row(slot, price, Text(tr("dbt.empty"), style="dim"), "")
            continue
        card = box.cards.get(card_id, {"id": card_id})
        table.add_row(slot, price, Text(box.card_label(card_id, tr), style="bold"), card_effect(card, tr, market=True))
    return Group(title, table)


def pile_lines(title: str, pile: Mapping[str, int] | None, count: int, box: Box, tr: Translator) -> list[Text]:
    lines = [Text(f"{title} ({count})", style="bold cyan")]
    if not pile:
        lines.append(Text("  " + tr("dbt.empty" if count == 0 else "dbt.hidden"), style="dim"))
        return lines
    names = {card_id: box.card_label(card_id, tr) for card_id in pile}
    width = max(16, max(len(name) for name in names.values()) + 1)
    for card_id, n in sorted(pile.items(), key=lambda kv: names[kv[0]]):
        line = Text(f" {n}× " if n > 1 else "    ")
        line.append(names[card_id], style="bold")
        line.append(" " * max(1, width - len(names[card_id])))
        line.append_text(card_effect(box.cards.get(card_id, {}), tr))
        lines.append(line)
    return lines


def card_list(cards: Mapping[str, int], box: Box, tr: Translator) -> str:
    return ", ".join(f"{box.card_label(c, tr)}{f' ×{n}' if n > 1 else ''}" for c, n in cards.items()) or "-"


def players_table(view: Mapping[str, Any], box: Box, me: int | None, tr: Translator) -> Table:
    table = Table(box=None, padding=(0, 1, 0, 0), header_style="bold cyan", title=tr("lobby.players"),
                  title_justify="left", title_style="bold cyan")
    for key, justify in (("itb.board.seat_col", "left"), ("db.vp", "right"), ("dbt.col.tokens", "right"),
                         ("dbt.col.hand", "right"), ("dbt.col.rest", "right"), ("dbt.col.owned", "right"),
                         ("dbt.col.boats", "left"), ("db.in_play", "left")):
        table.add_column(tr(key), justify=justify)  # type: ignore[arg-type]
    to_move = view.get("to_move")
    for info in view["seats"]:
        s = info["seat"]
        name = Text("▶ " if s == to_move else "  ")
        name.append(f"{seat_name(s, me, tr)} {colour_name(info['colour'], tr)}", style=player_style(view, s))
        boats = []
        for b in info["boats"]:
            tag = boat_tag(view, s, b["boat"], tr) + Text(f" {node_name(b['node'], tr)}")
            if b.get("spot"):
                tag.append(f" {spot_short(b['spot'], tr)}", style=SPOT_STYLE.get(b["spot"], ""))
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
            card_list(info.get("in_play") or {}, box, tr),
        )
    return table


def gem_counts(counts: Mapping[str, int], tr: Translator, empty: str = "dbt.none") -> Text:
    parts = [gem_text(g, tr, f"{gem_name(g, tr)} {counts[g]}") for g in GEMS if counts.get(g)]
    return join(parts, " ") if parts else Text(tr(empty), style="dim")


# ---- the dive board ------------------------------------------------------------------------------


def drawn_line(drawn: Sequence[str], tr: Translator) -> Text:
    """Gems in draw order; a hazard colour's first ones are warnings, every later one a hazard (R-DB-9)."""
    seen: dict[str, int] = {}
    parts = []
    for i, gem in enumerate(drawn, 1):
        before = seen.get(gem, 0)
        seen[gem] = before + 1
        part = label(f"{i}", "dim") + gem_text(gem, tr)
        if gem in HAZARDS:
            warning = not is_hazard(GEMS.index(gem), before)
            part.append(" " + tr("dbt.warning" if warning else "dbt.hazard"), style="yellow" if warning else "bold red")
        parts.append(part)
    return join(parts, " ") if parts else Text(tr("dbt.nothing_yet"), style="dim")


def seats_text(view: Mapping[str, Any], seats: Sequence[int], me: int | None, tr: Translator) -> Text:
    """Seats in their colours, or a dim "nobody"."""
    return join([seat_tag(view, s, me, tr) for s in seats], ", ") or label(tr("results.nobody"), "dim")


def dive_panel(view: Mapping[str, Any], box: Box, me: int | None, tr: Translator) -> Panel:
    dive = view["dive"]
    tile = box.tiles.get(dive["tile"], {})
    lines: list[Text] = []
    head = fill(tr, "dbt.dive_leader", who=seat_tag(view, dive["leader"], me, tr), tile=tile_name(dive["tile"], tr),
                vp=tile.get("leader_vp", "?"))
    if dive.get("sunken"):
        scenario = box.scenarios.get(view.get("options", {}).get("scenario", ""), None)
        head.append("  " + tr("dbt.sunken"), style="bold magenta")
        if scenario:
            head.append(tr("dbt.applies", name=scenario_name(scenario, tr)), style="magenta")
    lines.append(head)
    if view.get("phase") == "rush":
        here = sorted({s for s, _ in boats_at(view).get(dive["site"], [])})
        reach = rush_reach(view, box, bool(dive.get("sunken")))
        lines.append(fill(tr, "dbt.rushing", n=reach, who=join([seat_tag(view, s, me, tr) for s in here], ", ")))
    else:
        lines.append(fill(tr, "dbt.in_dive", divers=seats_text(view, dive["divers"], me, tr),
                          out=seats_text(view, dive["resurfaced"], me, tr)))
    drawn = list(dive.get("drawn") or [])
    lines.append(fill(tr, "dbt.drawn", n=len(drawn), gems=drawn_line(drawn, tr)))
    if dive.get("pending_gems"):
        lines.append(fill(tr, "dbt.pending", gems=join([gem_text(g, tr) for g in dive["pending_gems"]], " ")))
    counts = dive.get("counts") or {}
    lines.append(fill(tr, "dbt.counts", gems=gem_counts(counts, tr)))
    warn = []
    for gem in HAZARDS:
        if is_hazard(GEMS.index(gem), counts.get(gem, 0)):
            warn.append(gem_text(gem, tr) + Text(tr("dbt.next_hazard"), style="bold red"))
        else:
            warn.append(gem_text(gem, tr) + Text(tr("dbt.first_warning"), style="dim"))
    lines.append(fill(tr, "dbt.hazards", gems=join(warn, tr("dbt.sep"))))
    stake = []
    for s in sorted(set(dive["divers"]) | {int(k) for k in dive.get("card_vp", {})}):
        part = seat_tag(view, s, me, tr)
        cards = dive.get("card_vp", {}).get(str(s), 0)
        if s in dive["divers"]:
            part.append(f" {cards}+{treasure_vp(view, box, s)}")
        else:
            part.append(" " + tr("dbt.out_of_dive", n=cards))
        stake.append(part)
    if stake:
        lines.append(fill(tr, "dbt.vp_so_far", seats=join(stake, ", ")))
    return Panel(Group(*lines), title=tr("dbt.dive_at", site=dive["site"]), title_align="left", border_style="magenta")


# ---- what the step asks ---------------------------------------------------------------------------

ASKS = ("turn", "take", "sail-pay", "sail-move", "scout", "rush", "play", "continue", "storm-order")


def step_text(view: Mapping[str, Any], box: Box, me: int | None, tr: Translator) -> Text:
    step = view.get("step") or {}
    phase = str(step.get("phase", view.get("phase")))
    to_move = view.get("to_move")
    if phase == "over":
        winners = view.get("winners") or []
        return fill(tr, "dbt.game_over", "bold", n=len(winners),
                    who=join([seat_tag(view, s, me, tr) for s in winners], ", "))
    if phase in WATCHED_PHASES or to_move == "chance":
        return Text("▶ " + tr(f"dbt.watch.{phase if phase in WATCHED_PHASES else 'chance'}") + "…", style="dim")
    line = Text("▶ ")
    if isinstance(to_move, int):
        line.append_text(Text(tr("dbt.your_move") if to_move == me else tr("dbt.seat_to_move", n=to_move),
                              style=player_style(view, to_move)))
        line.append(tr("dbt.colon"))
    if phase == "pay":
        paying = str(step.get("paying_for", ""))
        what = tr("dbt.ask.pay_refresh") if paying == "refresh" else \
            tr("dbt.ask.pay_card", slot=tr("dbt.slot", n=paying[4:]) if paying.startswith("slot") else paying)
        line.append(tr("dbt.ask.pay", left=cash(step.get("left_to_pay", "?"), tr), what=what), style="bold")
    elif phase == "defend":
        line.append_text(fill(tr, "dbt.ask.defend", "bold", gem=gem_text(step.get("hazard", "?"), tr)))
    elif phase in ASKS:
        sites = ", ".join(step.get("sites", []))
        line.append(tr(f"dbt.ask.{phase}", n=step.get("movement", 0), boat=step.get("boat", "?"), sites=sites),
                    style="bold")
    else:
        line.append(phase, style="bold")
    return line
