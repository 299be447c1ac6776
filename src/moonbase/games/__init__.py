"""The four games, one package each: rule data, rules (the State), notation and rendering.

``moonbase.games()`` is the public list of games, and ``moonbase.games`` is also the name of
this package: Python rebinds the attribute to the package as soon as a game module is imported.
So the package itself answers the call, and both spellings keep working.

>>> import moonbase
>>> import moonbase.games.moon
>>> "moon" in moonbase.games()
True
"""

import sys
import types


class _CallablePackage(types.ModuleType):
    def __call__(self) -> list[str]:
        from moonbase.core.registry import games

        return games()


sys.modules[__name__].__class__ = _CallablePackage
