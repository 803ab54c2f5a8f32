"""The small map: boats and sites placed on a character grid from the board's coordinates."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from rich.text import Text

from fathom.games.deep_blue.terminal.look import GEM, GEM_STYLE, Box, boats_at, label, player_letter, player_style
from fathom.i18n import Translator


MAP_WIDTH = 61  # x in [0, 12] onto 61 columns (5 per unit)
MAP_HEIGHT = 17  # y in [0, 8] onto 17 rows (2 per unit)
MAP_X, MAP_Y = 12.0, 8.0


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


def boats_label(view: Mapping[str, Any], boats: list[tuple[int, int]], me: int | None, tr: Translator) -> Text:
    """``Y12O1``: each player's letter once, then its boat numbers, in its colour."""
    label = Text()
    by_seat: dict[int, list[int]] = {}
    for seat, boat in boats:
        by_seat.setdefault(seat, []).append(boat)
    for seat in sorted(by_seat):
        style = player_style(view, seat) + (" underline" if seat == me else "")
        label.append(player_letter(view, seat, tr) + "".join(str(b) for b in sorted(by_seat[seat])), style=style)
    return label


def draw_map(view: Mapping[str, Any], box: Box, me: int | None, tr: Translator, width: int = MAP_WIDTH,
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
            tag = label(tr("dbt.harbour_short"), "bold cyan")
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
        canvas.place(row + 1, col - 1, boats_label(view, boats, me, tr), below, gap=1)
    return Text("\n").join(canvas.lines())
