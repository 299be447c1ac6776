"""``moonbase serve``: the server under Uvicorn, on one host and port."""

from __future__ import annotations

import asyncio
from pathlib import Path

import click
import uvicorn
from sqlalchemy import text
from sqlalchemy.exc import ArgumentError, DBAPIError
from sqlalchemy.ext.asyncio import create_async_engine

from moonbase.server.app import async_url, create_app, default_database
from moonbase.server.tables import GRACE

__all__ = ["check_database", "serve"]

_SCHEMES = ("sqlite:///", "postgresql://", "postgres://")


def check_database(url: str) -> None:
    """Open the database at ``url`` once, or say in one line why it cannot be used
    (``click.ClickException``)."""
    if not url.startswith(_SCHEMES) and not url.startswith(
        ("sqlite+aiosqlite:///", "postgresql+asyncpg://")
    ):
        raise click.UsageError(
            f"--database {url!r}: not a database moonbase can use; allowed: sqlite:///FILE, "
            "postgresql://USER@HOST/NAME"
        )

    if url.startswith("sqlite"):
        folder = Path(url.split(":///", 1)[1]).expanduser().resolve().parent
        if not folder.is_dir():
            raise click.ClickException(
                f"cannot open the database {url}: there is no folder {folder}"
            )
        return

    async def probe() -> None:
        engine = create_async_engine(async_url(url))
        try:
            async with engine.connect() as connection:
                await connection.execute(text("SELECT 1"))
        finally:
            await engine.dispose()

    try:
        asyncio.run(probe())
    except (DBAPIError, ArgumentError, OSError) as error:
        reason = " ".join(str(getattr(error, "orig", None) or error).split())
        raise click.ClickException(f"cannot open the database {url}: {reason}") from None


def serve(
    host: str, port: int, database: str | None, bot_workers: int = 1, grace: float = GRACE
) -> int:
    """Run the server until interrupted; prints where it listens. Returns the exit status."""
    url = database or default_database()
    check_database(url)
    app = create_app(url, bot_workers=bot_workers, grace=grace)
    shown = f"[{host}]" if ":" in host else host
    click.echo(f"moonbase server on http://{shown}:{port}/ (API docs: /docs); database: {url}")
    # pushes are small and many: compressing each costs more time than it saves on loopback
    # and LANs
    config = uvicorn.Config(
        app, host=host, port=port, log_level="warning", ws_per_message_deflate=False
    )
    uvicorn.Server(config).run()
    return 0
