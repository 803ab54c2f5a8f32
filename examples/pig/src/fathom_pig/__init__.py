"""Pig, the public-domain dice game, on fathom's engine API: fathom's example of a game as a plugin.

Each turn a player rolls a die as often as they like, adding each roll to the turn's total; a 1
ends the turn and loses that total; holding banks it. The first to bank the target (100) wins.
"""
