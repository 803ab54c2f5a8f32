"""Bots: players that sit on top of the engine API and see only what their seat may see."""

from fathom.bots.registry import BOT_LEVELS, bot_names, make_bot

__all__ = ["BOT_LEVELS", "bot_names", "make_bot"]
