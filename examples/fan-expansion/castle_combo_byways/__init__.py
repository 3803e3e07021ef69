"""Banners and Byways: nineteen fan cards for Castle Combo.

castle-combo finds these cards through the ``castle_combo.expansions``
entry point declared in this package's ``pyproject.toml``: the entry point
names this package, and every ``.ccl`` file in its folder (here, in
``cards/``) is loaded. The package holds no code of its own because a fan
expansion is data: the cards are the whole expansion.
"""
