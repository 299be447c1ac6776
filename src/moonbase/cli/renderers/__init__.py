"""One rich renderer per game, named after the game: ``render(view) -> RenderableType``.

Each draws one seat's view (or the spectator's) and nothing else; :mod:`moonbase.cli.render`
picks the module by the game's name and falls back to the game's text rendering.
"""
