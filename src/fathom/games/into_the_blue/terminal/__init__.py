"""Into the Blue in the terminal: the renderer, the dice choices and their words."""
