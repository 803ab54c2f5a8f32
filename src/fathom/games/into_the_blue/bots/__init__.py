"""Into the Blue's bots: the Python reference bots and their compiled twins (``compiled``)."""
