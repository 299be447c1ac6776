"""``moonbase serve``: the server under Uvicorn, on one host and port."""

from __future__ import annotations

import click
import uvicorn

from moonbase.server.app import create_app, default_database

__all__ = ["serve"]


def serve(host: str, port: int, database: str | None, bot_workers: int = 1) -> int:
    """Run the server until interrupted; prints where it listens. Returns the exit status."""
    url = database or default_database()
    app = create_app(url, bot_workers=bot_workers)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"moonbase server on http://{shown}:{port}/ (API docs: /docs); database: {url}")
    # pushes are small and many: compressing each costs more time than it saves on loopback
    # and LANs
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", ws_per_message_deflate=False
    )
    server = uvicorn.Server(config)
    server.run()
    return 0
