"""Issue 52: the thinking mark on every page of a table, whichever process its page is connected to.

Before, only pages connected to the process playing the bots were told that a bot was thinking:
with several processes (nginx in front), half the players saw a silent table."""

from __future__ import annotations

import pytest
from cluster import Cluster
from test_cluster import Player, _settled

pytestmark = pytest.mark.xdist_group("postgres")


def test_a_page_on_another_process_shows_the_bot_thinking(pair: Cluster):
    one, two = pair.servers
    links = one.post("/api/tables", {"game": "into-the-blue", "seed": 8, "bot_delay_ms": 1500,
                                     "options": {"first_player": 0},
                                     "seats": [{"kind": "human", "name": "Ann"}, {"kind": "bot", "bot": "1"}]})
    tid = links["id"]
    ann = Player(one.url, tid, links["seats"][0]["token"])  # Ann plays on process one: it plays the bot after her
    watcher = Player(two.url, tid, "")  # a spectator's page on process two
    ann.wait(lambda s: s["to_move"] == 0 and bool(s["legal"]))
    watcher.wait(_settled(0))
    before = ann.state["move_number"]
    while ann.state["to_move"] == 0:  # Ann plays her turn out (stop at once), the bot's turn follows
        ann.play("stop" if any(m[1] == "stop" for m in ann.state["legal"]) else ann.state["legal"][0][1],
                 ann.state["move_number"])
        n = ann.state["move_number"]
        ann.wait(lambda s, n=n: s["move_number"] > n and s["to_move"] != "chance")
    assert ann.state["move_number"] > before
    notice = watcher.heard("thinking", timeout=15)  # told by process one through PostgreSQL
    assert notice["seat"] == 1 and isinstance(notice["move_number"], int)
    # a page opened on process two while the bot thinks is told in its first state too
    late = Player(two.url, tid, "")
    first = late.wait(lambda s: True)
    if first["to_move"] == 1:
        assert first["thinking"] == 1, first
    watcher.ws.close()
    late.ws.close()
    ann.ws.close()
