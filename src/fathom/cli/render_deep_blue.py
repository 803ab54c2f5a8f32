"""Terminal rendering of Deep Blue: a small map, the sites, market, hands, players and dive.

Everything on screen comes from ``view(seat)`` plus the box's public facts
(``DeepBlueGame.describe()``: card effects, tile spots, the map), so the board can
never show another seat's hand or rest pile. ``action_notes`` explains each legal move
(the card a slot holds, what a payment is worth, where a route leads, what a spot
does) and, before the leader decides to ``continue`` a dive, the engine's odds coach
(:mod:`fathom.games.deep_blue.odds`): the exact chance that the next draw brings a
hazard this seat cannot defend and the VP at stake, from the seat's view only.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from fractions import Fraction
from functools import lru_cache
from typing import Any

from rich.console import Group
from rich.panel import Panel
from rich.table import Table
from rich.text import Text

from fathom.core.api import State
from fathom.games.deep_blue import odds
from fathom.games.deep_blue.data import HAZARDS

GEMS = ("silver", "gold", "red", "green", "purple", "black", "blue")
TREASURES = ("silver", "gold", "red")
GEM_STYLE = {
    "silver": "grey85",
    "gold": "yellow",
    "red": "red",
    "green": "green",
    "purple": "magenta",
    "black": "bright_black",
    "blue": "bright_blue",
}
PLAYER_STYLE = {
    "yellow": "bold yellow",
    "orange": "bold dark_orange",
    "green": "bold green",
    "red": "bold red",
    "purple": "bold magenta",
}
SPOT_LABEL = {"silver": "Sil", "gold": "Gld", "red": "Red", "blue": "Blu", "black": "Blk", "blue_or_black": "B/K"}
SPOT_STYLE = {
    "silver": GEM_STYLE["silver"],
    "gold": GEM_STYLE["gold"],
    "red": GEM_STYLE["red"],
    "blue": GEM_STYLE["blue"],
    "black": GEM_STYLE["black"],
    "blue_or_black": "bright_blue",
}
GEM = "◆"
MAP_WIDTH = 61  # x in [0, 12] onto 61 columns (5 per unit)
MAP_HEIGHT = 17  # y in [0, 8] onto 17 rows (2 per unit)
MAP_X, MAP_Y = 12.0, 8.0
WATCHED_PHASES = {
    "setup-tile": "Setting up: a starting tile is placed",
    "market-draw": "A crew card is turned face up in the market",
    "reveal": "A face-down tile is revealed",
    "scatter": "Scattered Wealth: a gem is placed on a tile",
    "draw": "A gem is drawn from the bag",
    "rest-draw": "A card is drawn from the rest pile",
}


# ---- static box facts -----------------------------------------------------------------------


@lru_cache(maxsize=16)
def _box(players: int, options: tuple[tuple[str, Any], ...]) -> tuple[Any, dict[str, Any]]:
    import fathom

    game = fathom.make_game("deep-blue", players=players, **dict(options))
    return game, game.describe()


def box_for_view(view: Mapping[str, Any]) -> tuple[Any, dict[str, Any]]:
    """The game object and its ``describe()`` for the configuration a view shows (cached)."""
    options = tuple(sorted((k, v) for k, v in view.get("options", {}).items() if k != "data_file"))
    return _box(int(view["players"]), options)


class Box:
    """Lookup tables over ``describe()`` plus the gem VP rates of the components."""

    def __init__(self, game: Any, facts: dict[str, Any]) -> None:
        self.facts = facts
        self.cards = {c["id"]: c for c in facts["cards"]}
        self.tiles = {t["id"]: t for t in facts["tiles"]}
        self.nodes = {n["id"]: n for n in facts["nodes"]}
        self.edges = [tuple(e) for e in facts["edges"]]
        self.scenarios = {s["id"]: s for s in facts["scenarios"]}
        comp = getattr(game, "components", None)
        if comp is not None:
            self.gem_vp = dict(zip(GEMS, comp.gem_vp))
            self.gem_vp_spot = dict(zip(GEMS, comp.gem_vp_on_spot))
        else:  # pragma: no cover - a game without components: the rulebook's rates
            self.gem_vp = {"silver": 1, "gold": 2, "red": 4}
            self.gem_vp_spot = {"silver": 3, "gold": 5, "red": 10}

    def card_name(self, card_id: str) -> str:
        card = self.cards.get(card_id)
        return card["name"] if card else card_id


_BOXES: dict[int, tuple[Any, Box]] = {}


def box_of(game: Any, facts: dict[str, Any] | None = None) -> Box:
    """The :class:`Box` of a game object (cached while that object lives)."""
    cached = _BOXES.get(id(game))
    if cached is not None and cached[0] is game:
        return cached[1]
    if len(_BOXES) > 32:
        _BOXES.clear()
    box = Box(game, facts if facts is not None else game.describe())
    _BOXES[id(game)] = (game, box)
    return box


# ---- small text helpers -----------------------------------------------------------------------


def gem_text(gem: str, name: str | None = None) -> Text:
    """``◆red`` in the gem's colour (``name`` replaces the colour's name)."""
    return Text().append(GEM + (gem if name is None else name), style=GEM_STYLE.get(gem, ""))


def join(parts: Sequence[Text | str], sep: str = "  ") -> Text:
    out = Text()
    for i, part in enumerate(parts):
        if i:
            out.append(sep)
        out.append_text(part if isinstance(part, Text) else Text(part))
    return out


def card_effect(card: Mapping[str, Any], market: bool = False) -> Text:
    """A card's uses in a few characters: ``4VP ◆red  $1  +1 red`` (``+1`` only in the market)."""
    parts: list[Text] = []
    needs = card.get("needs") or {}
    if needs or card.get("needs_any"):
        use = Text(f"{card['vp']}VP ", style="bold")
        for gem, n in needs.items():
            use.append(GEM * n + gem, style=GEM_STYLE.get(gem, ""))
        if card.get("needs_any"):
            if needs:
                use.append(" ")
            use.append(f"{card['needs_any']} gems")
        parts.append(use)
    if card.get("protects"):
        parts.append(Text("defends ") + gem_text(card["protects"], card["protects"]).copy())
    secondary = []
    if card.get("cash"):
        secondary.append(f"${card['cash']}")
    if card.get("propellers"):
        secondary.append(f"sail {card['propellers']}")
    if secondary:
        parts.append(Text(" or ".join(secondary), style="cyan"))
    if market and card.get("adds_gem"):
        parts.append(Text("+1 ") + gem_text(card["adds_gem"], card["adds_gem"]))
    return join(parts) if parts else Text("-", style="dim")


def label(text: str, style: str = "bold") -> Text:
    """A styled lead-in that does not spill its style onto what is appended after it."""
    return Text().append(text, style=style)


def seat_name(seat: int, me: int | None) -> str:
    return "you" if seat == me else f"seat {seat}"


def player_style(view: Mapping[str, Any], seat: int) -> str:
    return PLAYER_STYLE.get(view["seats"][seat]["colour"], "bold")


def player_letter(view: Mapping[str, Any], seat: int) -> str:
    return view["seats"][seat]["colour"][:1].upper() or str(seat)


def boat_tag(view: Mapping[str, Any], seat: int, boat: int) -> Text:
    return Text().append(f"{player_letter(view, seat)}{boat}", style=player_style(view, seat))


def seat_tag(view: Mapping[str, Any], seat: int, me: int | None) -> Text:
    """``you`` / ``seat 2`` in the seat's colour."""
    return Text().append(seat_name(seat, me), style=player_style(view, seat))


def pct(p: Fraction) -> str:
    return f"{float(p) * 100:.1f}%"


def fraction_text(p: Fraction) -> str:
    if p == 0:
        return "0"
    if p == 1:
        return "1"
    return f"{p.numerator}/{p.denominator}"


# ---- the map ------------------------------------------------------------------------------------


class Canvas:
    """A character grid with styles; labels never overwrite other labels (they move instead)."""

    def __init__(self, width: int, height: int) -> None:
        self.width, self.height = width, height
        self.chars = [[" "] * width for _ in range(height)]
        self.styles: list[list[str]] = [[""] * width for _ in range(height)]
        self.taken = [[False] * width for _ in range(height)]

    def dot(self, row: int, col: int, char: str, style: str) -> None:
        if 0 <= row < self.height and 0 <= col < self.width and not self.taken[row][col]:
            self.chars[row][col] = char
            self.styles[row][col] = style

    def fits(self, row: int, col: int, length: int) -> bool:
        if not (0 <= row < self.height and col >= 0 and col + length <= self.width):
            return False
        return not any(self.taken[row][col : col + length])

    def place(self, row: int, col: int, text: Text, tries: Sequence[tuple[int, int]] = (), gap: int = 0) -> bool:
        """Write ``text`` at the first free place among (row, col) and the offsets in ``tries``.

        ``gap`` free cells are kept on each side (where the grid has room), so two
        labels never read as one.
        """
        length = len(text.plain)
        col = min(max(col, 0), max(self.width - length, 0))
        for dr, dc in ((0, 0), *tries):
            r, c = row + dr, min(max(col + dc, 0), max(self.width - length, 0))
            lo, hi = max(c - gap, 0), min(c + length + gap, self.width)
            if self.fits(r, c, length) and self.fits(r, lo, hi - lo):
                for i, char in enumerate(text.plain):
                    self.chars[r][c + i] = char
                    self.styles[r][c + i] = _style_at(text, i)
                    self.taken[r][c + i] = True
                return True
        return False

    def lines(self) -> list[Text]:
        """The rows, without the empty ones above and below the drawing."""
        used = [r for r in range(self.height) if any(c != " " for c in self.chars[r])]
        out = []
        for row in range(used[0], used[-1] + 1) if used else ():
            line = Text()
            for char, style in zip(self.chars[row], self.styles[row]):
                line.append(char, style=style or None)
            line.rstrip()
            out.append(line)
        return out


def _style_at(text: Text, index: int) -> str:
    style = str(text.style or "")
    for span in text.spans:
        if span.start <= index < span.end:
            style = str(span.style)
    return style


def _grid_xy(node: Mapping[str, Any], width: int, height: int) -> tuple[int, int]:
    col = int(round(node["x"] / MAP_X * (width - 1)))
    row = int(round(node["y"] / MAP_Y * (height - 1)))
    return row, col


def site_marker(site: Mapping[str, Any] | None) -> Text:
    """``(??)`` face down, ``(3)`` leader VP (bold magenta for a Sunken City), ``(··)`` empty."""
    if site is None:
        return Text("")
    if site.get("face_down"):
        marker = label("(??)", "dim")
    elif site.get("tile") is None:
        marker = label("(··)", "dim")
    else:
        marker = label(f"({site.get('leader_vp', 0)})", "bold magenta" if site.get("sunken") else "bold")
    if site.get("gem"):
        marker.append(GEM, style=GEM_STYLE.get(site["gem"], ""))
    return marker


def boats_at(view: Mapping[str, Any]) -> dict[str, list[tuple[int, int]]]:
    where: dict[str, list[tuple[int, int]]] = {}
    for info in view["seats"]:
        for boat in info["boats"]:
            where.setdefault(boat["node"], []).append((info["seat"], boat["boat"]))
    return where


def boats_label(view: Mapping[str, Any], boats: list[tuple[int, int]], me: int | None) -> Text:
    """``Y12O1``: each player's letter once, then its boat numbers, in its colour."""
    label = Text()
    by_seat: dict[int, list[int]] = {}
    for seat, boat in boats:
        by_seat.setdefault(seat, []).append(boat)
    for seat in sorted(by_seat):
        style = player_style(view, seat) + (" underline" if seat == me else "")
        label.append(player_letter(view, seat) + "".join(str(b) for b in sorted(by_seat[seat])), style=style)
    return label


def draw_map(view: Mapping[str, Any], box: Box, me: int | None, width: int = MAP_WIDTH,
             height: int = MAP_HEIGHT) -> Text:
    canvas = Canvas(width, height)
    anchors = {nid: _grid_xy(node, width, height) for nid, node in box.nodes.items()}
    for a, b in box.edges:
        (r0, c0), (r1, c1) = anchors[a], anchors[b]
        steps = max(abs(c1 - c0), abs(r1 - r0) * 2, 1)
        for i in range(1, steps):
            t = i / steps
            canvas.dot(int(round(r0 + (r1 - r0) * t)), int(round(c0 + (c1 - c0) * t)), "·", "blue")
    sites = {s["node"]: s for s in view["sites"]}
    dive_site = (view.get("dive") or {}).get("site")
    labels: list[tuple[int, int, Text]] = []
    for nid, node in box.nodes.items():
        row, col = anchors[nid]
        kind = node["kind"]
        if kind == "harbour":
            tag = label("Hbr", "bold cyan")
        elif kind == "buoy":
            tag = label(nid, "cyan")
        else:
            tag = label(nid, "bold reverse" if nid == dive_site else "bold") + site_marker(sites.get(nid))
        labels.append((row, col - 1, tag))
    near = ((0, -1), (0, 1), (0, -2), (0, 2), (0, -3), (0, 3), (-1, 0), (1, 0))
    for row, col, tag in labels:
        if not canvas.place(row, col, tag, near, gap=1) and not canvas.place(row, col, tag, near):
            canvas.place(row, col, label(tag.plain[:2]), near)
    where = boats_at(view)
    below = ((0, -1), (0, 1), (0, -2), (0, 2), (0, -4), (0, 4), (1, 0), (1, -3), (1, 3), (-2, 0), (2, 0))
    for nid, boats in where.items():
        if nid not in anchors:
            continue
        row, col = anchors[nid]
        canvas.place(row + 1, col - 1, boats_label(view, boats, me), below, gap=1)
    return Text("\n").join(canvas.lines())


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


def treasure_vp(view: Mapping[str, Any], box: Box, seat: int) -> int:
    """Gem VP ``seat`` would bank if the dive ended now (matching spots raise a colour's rate)."""
    dive = view["dive"]
    spots = {b["spot"] for b in view["seats"][seat]["boats"] if b["node"] == dive["site"] and b.get("spot")}
    return sum(n * (box.gem_vp_spot if g in spots else box.gem_vp).get(g, 0)
               for g, n in dive["counts"].items() if g in TREASURES)


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
        reach = rush_reach(view, bool(dive.get("sunken")))
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
    phase = step.get("phase", view.get("phase"))
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


# ---- the renderer ---------------------------------------------------------------------------------


class DeepBlueRenderer:
    """Rich board and move notes (card effects, routes, exact hazard odds) for Deep Blue."""

    def _box_for_view(self, view: Mapping[str, Any]) -> Box:
        game, facts = box_for_view(view)
        return box_of(game, facts)

    def board(self, view: dict[str, Any], seat: int | None) -> Any:
        box = self._box_for_view(view)
        scenario_id = view.get("options", {}).get("scenario")
        scenario = box.scenarios.get(scenario_id)
        header = Text("Deep Blue", style="bold cyan")
        header.append(f" · {view['players']} players")
        turn = view.get("turn")
        if view.get("phase") == "over":
            header.append(" · final position")
        elif isinstance(turn, int) and 0 <= turn < view["players"]:
            header.append(" · turn of ")
            header.append_text(seat_tag(view, turn, seat))
        header.append(f" · move {view.get('move_number', '?')}")
        if seat is not None:
            header.append(" · you are ")
            header.append(view["seats"][seat]["colour"], style=player_style(view, seat))

        top = Table.grid(padding=(0, 1))
        top.add_column(no_wrap=True)
        top.add_column()
        legend = f"{player_letter(view, seat if seat is not None else 0)}1 = boat 1 · (3) leader VP · (??) face down"
        top.add_row(Panel(draw_map(view, box, seat), title="Map", title_align="left", border_style="blue",
                          padding=(0, 0), width=MAP_WIDTH + 2, subtitle=legend, subtitle_align="left"),
                    sites_table(view, box, seat))

        middle = Table.grid(padding=(0, 3))
        middle.add_column()
        middle.add_column()
        own: list[Text] = []
        if seat is not None:
            me = view["seats"][seat]
            own += pile_lines("Your hand", me.get("hand"), me.get("hand_count", 0), box)
            own += pile_lines("Your rest pile", me.get("rest"), me.get("rest_count", 0), box)
        else:
            own.append(Text("Spectator: hands and rest piles are hidden", style="dim"))
        middle.add_row(market_table(view, box), Group(*own))

        bag = label(f"Bag ({view['bag_count']}): ") + gem_counts(view["bag"], empty="empty")
        supply = label("Supply: ") + gem_counts(view["supply"], empty="empty")
        status = label(f"Fresco {view['fresco']}/{view['fresco_needed']} Sunken City tiles")
        status.append(" (the last one ends the game)" if view["fresco"] < view["fresco_needed"] else "")
        status.append(f" · face-down tiles left {view.get('face_down_left', '?')}")
        scen = label("Scenario: ")
        if scenario:
            scen.append(scenario["name"], style="magenta")
            scen.append(f" (Sunken City dives: {scenario['rule']})", style="dim")
        else:
            scen.append(str(scenario_id or "none"))
        extras = []
        if view.get("options", {}).get("hidden_scores"):
            extras.append("hidden scores")
        if view.get("options", {}).get("one_count_card_per_dive"):
            extras.append("one '8 gems' card per dive")
        if extras:
            scen.append(" · options: " + ", ".join(extras))

        parts: list[Any] = [header, top, middle, players_table(view, box, seat), bag, supply, status, scen]
        if view.get("dive"):
            parts.append(dive_panel(view, box, seat))
        parts.append(step_text(view, box, seat))
        return Group(*parts)

    # ---- notes beside legal moves ---------------------------------------------------------------

    def action_notes(self, state: State, seat: int, actions: list[int]) -> dict[int, str]:
        view = state.view(seat)
        box = box_of(state.game)
        names = {action: state.action_to_string(action) for action in actions}
        coached = odds.coach(state, seat) if "continue" in names.values() else None
        notes: dict[int, str] = {}
        for action, name in names.items():
            try:
                if name == "continue":
                    note = continue_note(coached, seat)
                else:
                    note = move_note(view, box, seat, name)
                if name.startswith("dive "):
                    value = odds.dive_start_value(view, state.game.components, seat, name.split()[1])
                    note += f"; you would expect {value:.1f} VP from it, stopping at the best moment"
            except (KeyError, IndexError, ValueError, ZeroDivisionError):
                note = ""
            if note:
                notes[action] = note
        return notes


# ---- move notes -----------------------------------------------------------------------------------


def _plain_effect(card: Mapping[str, Any], market: bool = False) -> str:
    return card_effect(card, market).plain


def _site(view: Mapping[str, Any], node: str) -> Mapping[str, Any] | None:
    return next((s for s in view["sites"] if s["node"] == node), None)


def node_note(view: Mapping[str, Any], box: Box, node: str, me: int) -> str:
    """What lies at ``node``: a buoy, a face-down tile, a tile with its free spots, an empty site."""
    kind = box.nodes.get(node, {}).get("kind")
    site = _site(view, node)
    boats = [f"{seat_name(s, me)} boat {b}" for s, b in boats_at(view).get(node, [])]
    here = f"; boats there: {', '.join(boats)}" if boats else ""
    if kind == "harbour":
        return "the harbour" + here
    if kind == "buoy" or site is None:
        return f"{node}, a buoy{here}"
    gem = f", a {site['gem']} gem on it" if site.get("gem") else ""
    if site.get("face_down"):
        return f"{node}: face-down tile, revealed if a boat ends its move here{gem}{here}"
    if site.get("tile") is None:
        return f"{node}: empty site (tile gone){here}"
    free = [s["kind"] for s in site.get("spots", []) if not s.get("boat")]
    spots = f"free spots {', '.join(free)}" if free else "no free spot (centre)"
    sunken = " Sunken City" if site.get("sunken") else ""
    return f"{node}: {site['tile']}{sunken} {site.get('leader_vp', 0)}VP, {spots}{gem}{here}"


def rush_reach(view: Mapping[str, Any], sunken: bool) -> int:
    """How many moves away boats may rush from (Storm: 2, Dangerous Reefs: 0 on Sunken City tiles)."""
    if not sunken:
        return 1
    return {"storm": 2, "dangerous-reefs": 0}.get(view.get("options", {}).get("scenario"), 1)


def dive_note(view: Mapping[str, Any], box: Box, seat: int, node: str) -> str:
    """The tile's leader VP, who is already there and who could rush in (R-DB-8)."""
    site = _site(view, node) or {}
    where = boats_at(view)
    here = sorted({s for s, _ in where.get(node, [])} - {seat})
    reach = rush_reach(view, bool(site.get("sunken")))
    near = {node}
    frontier = {node}
    for _ in range(reach):
        frontier = {b for a, b in box.edges if a in frontier} | {a for a, b in box.edges if b in frontier}
        near |= frontier
    rushers = sorted({s for n in near - {node} for s, _ in where.get(n, []) if s != seat} - set(here))
    note = f"lead the dive on {site.get('tile')} ({site.get('leader_vp', 0)} VP to the leader)"
    if here:
        note += ", with " + ", ".join(seat_name(s, seat) for s in here)
    if rushers:
        note += "; may rush in: " + ", ".join(seat_name(s, seat) for s in rushers)
    return note


def spot_effect(box: Box, kind: str) -> str:
    if kind in TREASURES:
        return f"{kind} gems score {box.gem_vp_spot.get(kind)} VP each for you instead of {box.gem_vp.get(kind)}"
    if kind == "blue_or_black":
        return "defends once against a blue or a black hazard"
    return f"defends once against a {kind} hazard"


def move_note(view: Mapping[str, Any], box: Box, seat: int, name: str) -> str:
    words = name.split()
    verb = words[0]
    step = view.get("step") or {}
    phase = step.get("phase")
    me = view["seats"][seat]
    if verb in ("recruit", "take") and len(words) == 2 and words[1].startswith("slot"):
        entry = view["market"][int(words[1][4:]) - 1]
        card = box.cards.get(entry["card"], {})
        price = "free" if verb == "take" else f"${entry['price']}"
        return f"{price}: {box.card_name(entry['card'])} {_plain_effect(card)}"
    if verb == "refresh":
        return f"${view['refresh_price']}: discard the market, 4 new cards, take one free"
    if verb == "rest":
        n = me.get("rest_count", 0)
        if n == 0:
            return "your rest pile is empty: nothing to draw"
        return f"shuffle your rest pile, draw {min(3, n)} of its {n} cards"
    if verb == "sail" and len(words) == 1:
        hand = me.get("hand") or {}
        props = sum(box.cards[c]["propellers"] * n for c, n in hand.items() if c in box.cards)
        moves = me.get("tokens", 0) + props
        return f"up to {moves} movement from your hand and tokens"
    if verb == "sail" and len(words) == 3:
        dst = words[2].split("->")[1]
        return "to " + node_note(view, box, dst, seat)
    if verb == "dive":
        return dive_note(view, box, seat, words[1])
    if verb == "pay":
        if words[1] == "token":
            return "+1 movement (token)" if phase == "sail-pay" else "$1 (starting token)"
        card = box.cards.get(words[1], {})
        if phase == "sail-pay":
            return f"+{card.get('propellers', 0)} movement"
        left = step.get("left_to_pay", 0)
        cash = card.get("cash", 0)
        lost = f", ${cash - left} lost" if cash > left else ""
        return f"${cash}{lost}"
    if verb == "scout":
        return spot_effect(box, words[1])
    if verb == "rush":
        dive = view.get("dive") or {}
        return f"join the dive at {dive.get('site')} (centre of the tile)"
    if verb == "defend":
        what = words[1]
        if what.startswith("spot-"):
            return "uses the spot: that boat moves to the centre"
        return f"uses {box.card_name(what)} from your hand"
    if verb == "resurface":
        dive = view.get("dive") or {}
        cards = dive.get("card_vp", {}).get(str(seat), 0)
        gems = treasure_vp(view, box, seat) if dive else 0
        return f"lose {gems} gem VP, keep {cards} card VP"
    if verb == "play":
        card = box.cards.get(words[1], {})
        bonus = 0
        dive = view.get("dive") or {}
        if dive.get("sunken") and view.get("options", {}).get("scenario") == "best-of-the-best":
            bonus = 4
        return f"+{card.get('vp', 0) + bonus} VP, yours whatever happens next"
    if verb == "stop":
        dive = view.get("dive") or {}
        gems = treasure_vp(view, box, seat)
        cards = dive.get("card_vp", {}).get(str(seat), 0)
        tile = box.tiles.get(dive.get("tile"), {})
        note = f"bank gems {gems} + cards {cards} + leader {tile.get('leader_vp', 0)}"
        if dive.get("sunken") and view.get("options", {}).get("scenario") == "bounty-wrecks":
            note += f" + bounty {2 * (len(dive.get('drawn') or []) // 3)}"
        return note + " VP"
    if verb == "done":
        if phase == "sail-pay":
            return f"sail with {step.get('movement', 0)} movement"
        if phase == "sail-move":
            return f"end the move ({step.get('movement', 0)} left unused)"
        if phase == "rush":
            return "no (more) boats rush in"
        if phase == "play":
            return "play no more cards now"
    return ""


# ---- the odds coach beside `continue` ---------------------------------------------------------------


def continue_note(coached: odds.DiveOdds | None, seat: int) -> str:
    """Exact chance that the next draw brings a hazard ``seat`` cannot defend, any hazard, and the VP at stake.

    The numbers are the engine's odds coach (:func:`fathom.games.deep_blue.odds.coach`),
    which reads only this seat's view.
    """
    mine = coached.for_seat(seat) if coached is not None else None
    if mine is None:
        return ""
    bad, anyh = mine.risk, mine.hazard
    pair = "pair: " if coached.per_draw == 2 else ""
    if anyh == 0:
        note = f"{pair}no hazard possible yet (0%)"
    else:
        note = f"{pair}{fraction_text(bad)} = {pct(bad)} a hazard you can't defend"
        if anyh != bad:
            note += f" (any {pct(anyh)})"
    note += f"; VP stop {float(mine.stop_vp):.0f}, one more {float(mine.draw_vp):.1f}"
    if coached.leader_optimal is not None:
        note += f", best {coached.leader_optimal:.1f}"
    return note


__all__ = ["DeepBlueRenderer", "card_effect", "continue_note", "draw_map", "move_note"]
