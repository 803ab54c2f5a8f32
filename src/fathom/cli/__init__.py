"""Terminal front end: play, replay, bench and data tools on top of the engine API."""
