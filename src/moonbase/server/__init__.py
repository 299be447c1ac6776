"""The moonbase server: tables people join from anywhere, bots in any seat, a real database.

Modules: :mod:`~moonbase.server.app` (the FastAPI app, :func:`create_app`),
:mod:`~moonbase.server.api` (the REST routes), :mod:`~moonbase.server.live` (the WebSocket
hub), :mod:`~moonbase.server.tables` (the table service: a table rebuilt from its log, acting,
undo), :mod:`~moonbase.server.bodies` (what a client is sent and may send),
:mod:`~moonbase.server.bots` (bot seats played in a process pool),
:mod:`~moonbase.server.storage` (the database and its append-only log),
:mod:`~moonbase.server.migrations` (Alembic) and :mod:`~moonbase.server.errors`.

The server holds the only state: a client never applies a move itself, and everything it is
sent is its seat's ``view``, ``legal_actions`` and ``history_for``. See ``docs/server.md``.
"""
