// "Since your last move": what happened between this seat's last move before its turn and its turn,
// kept on screen through the whole turn (its own clicks do not reset it), with what matters first.
//
// Why: a list of the latest ten lines turned into "Nothing else happened" at the first click of a
// turn, and three "takes a card back" pushed the dives and scores out of it (issue 52).

/** What a seat does (not the dice's draws, nor the scoring a dive does for it). */
export const ACTS = new Set(["sail", "move", "scout", "recruit", "refresh", "rest", "dive", "rush", "defend",
  "resurface", "stop", "play", "pay", "hire", "reroll", "place"]);

/** Lines that go first: dives, their ends and scores, reveals, chests, the end. */
export const IMPORTANT = new Set(["dive", "dive-scored", "stop", "resurface", "reveal", "play", "chest",
  "end_triggered", "game-over", "game_over", "scores"]);

const MAX_OTHER_LINES = 12; // the rest, folded, newest kept; the important lines are never cut

function acts(e) {
  return Boolean(e) && e.seat !== undefined && e.seat !== null && ACTS.has(e.type);
}

/** [start, end) of the events "since your last move" for seat ``you``, or null (nothing to tell).
 *  start: after this seat's last move before the others' latest moves; end: this seat's first move
 *  after them (its own clicks this turn are not news to it), else the end of the log. */
export function sinceRange(events, you) {
  if (you === null || you === undefined) return null;
  let lastOther = -1;
  for (let i = events.length - 1; i >= 0; i--) {
    if (acts(events[i]) && events[i].seat !== you) { lastOther = i; break; }
  }
  if (lastOther < 0) return null;
  let start = 0;
  for (let i = lastOther - 1; i >= 0; i--) {
    if (acts(events[i]) && events[i].seat === you) { start = i + 1; break; }
  }
  if (start === 0) return null; // this seat has not moved yet: the whole log is the story
  let end = events.length;
  for (let i = lastOther + 1; i < events.length; i++) {
    if (acts(events[i]) && events[i].seat === you) { end = i; break; }
  }
  return [start, end];
}

/** The lines to show: important ones first (in order), then the others, each run of identical
 *  lines folded into one with its count; at most MAX_OTHER_LINES of the others (the newest), and
 *  ``hidden``: how many of those were left out. ``text(e)`` is the log's HTML for an event. */
export function sinceLines(events, you, text) {
  const range = sinceRange(events, you);
  if (!range) return null;
  const first = [], rest = [];
  for (const e of events.slice(range[0], range[1])) {
    if (!e) continue;
    const html = text(e);
    if (!html) continue;
    const list = IMPORTANT.has(e.type) ? first : rest;
    const last = list[list.length - 1];
    if (last && last.html === html) last.n += 1;
    else list.push({ html, n: 1, important: list === first });
  }
  const kept = rest.slice(-MAX_OTHER_LINES);
  return { lines: [...first, ...kept], hidden: rest.length - kept.length };
}
