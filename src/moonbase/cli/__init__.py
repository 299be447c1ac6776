"""The ``moonbase`` command: a menu, ``play``, ``load``, ``replay``, ``simulate`` and ``rules``.

Modules: :mod:`~moonbase.cli.main` (the click commands), :mod:`~moonbase.cli.menu` (the start
menu), :mod:`~moonbase.cli.play` (the play loop), :mod:`~moonbase.cli.table` (a game at the table:
seats, undo, saving), :mod:`~moonbase.cli.undo` (the undo policy), :mod:`~moonbase.cli.actions`
(the numbered menu of legal actions), :mod:`~moonbase.cli.turns` (forced choices played for a
person, turns that end by themselves), :mod:`~moonbase.cli.editor` (line editing, history and
completion at a terminal), :mod:`~moonbase.cli.recap` (what a seat is told about the actions
since it last looked), :mod:`~moonbase.cli.narration` and :mod:`~moonbase.cli.narrators` (what
each action did, why a game ended, how it was scored), :mod:`~moonbase.cli.render` and
:mod:`~moonbase.cli.renderers` (drawing a view with rich), :mod:`~moonbase.cli.seats` and
:mod:`~moonbase.cli.bots` (who sits where), :mod:`~moonbase.cli.options` (game options typed as
text), :mod:`~moonbase.cli.saving` (saving from the play loop), :mod:`~moonbase.cli.prompts`,
:mod:`~moonbase.cli.replay`, :mod:`~moonbase.cli.simulate` and :mod:`~moonbase.cli.rules`.

The command knows no game's rules: it speaks the ``Game``/``State`` protocol only, and shows a
seat nothing but that seat's view.
"""
