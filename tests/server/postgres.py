"""A real PostgreSQL for the tests: a throw-away cluster in a temporary folder, on a loopback
port of the tests' range, run as the ``postgres`` user when the tests run as root (PostgreSQL
refuses to run as root). Each test gets a database of its own in it."""

from __future__ import annotations

import asyncio
import os
import pwd
import shutil
import signal
import subprocess
import tempfile
import time
import uuid
from glob import glob
from pathlib import Path

from tests.server.processes import free_port


def _binary(name: str) -> str | None:
    found = shutil.which(name)
    if found is not None:
        return found
    versions = sorted(glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return versions[-1] if versions else None


def missing() -> str | None:
    """Why no PostgreSQL can be started here (``None``: it can)."""
    for name in ("initdb", "postgres"):
        if _binary(name) is None:
            return f"PostgreSQL's {name} is not installed (Debian: apt-get install postgresql)"
    if os.geteuid() == 0:
        try:
            pwd.getpwnam("postgres")
        except KeyError:
            return "running as root, and there is no postgres user to run PostgreSQL as"
    return None


class Cluster:
    """A PostgreSQL cluster started in a fresh folder; :meth:`stop` ends it by its id."""

    def __init__(self) -> None:
        self.folder = Path(tempfile.mkdtemp(prefix="moonbase-pg-"))
        self.port = free_port()
        self._user: str | None = None
        if os.geteuid() == 0:
            self._user = "postgres"
            record = pwd.getpwnam("postgres")
            os.chmod(self.folder, 0o700)
            os.chown(self.folder, record.pw_uid, record.pw_gid)
        self.data = self.folder / "data"
        subprocess.run(
            [str(_binary("initdb")), "-D", str(self.data), "-U", "postgres", "--auth=trust",
             "-E", "UTF8", "--no-sync"],
            check=True, capture_output=True, user=self._user,
        )  # fmt: skip
        for _ in range(5):  # another test process may take the port first: try another
            self.process = self._start()
            if self._wait_ready():
                return
            self.port = free_port()
        raise RuntimeError(f"PostgreSQL did not start; see {self.folder / 'postgres.log'}")

    def _start(self) -> subprocess.Popen[bytes]:
        with (self.folder / "postgres.log").open("ab") as log:
            return subprocess.Popen(
                [str(_binary("postgres")), "-D", str(self.data), "-p", str(self.port), "-k",
                 str(self.folder), "-c", "listen_addresses=127.0.0.1", "-c", "fsync=off"],
                stdout=log, stderr=log, user=self._user,
            )  # fmt: skip

    @property
    def url(self) -> str:
        """The URL of the cluster's ``postgres`` database."""
        return f"postgresql://postgres@127.0.0.1:{self.port}/postgres"

    def _wait_ready(self) -> bool:
        """Whether the cluster came up (``False``: it exited, e.g. its port was taken)."""
        deadline = time.monotonic() + 30
        while not (self.folder / f".s.PGSQL.{self.port}").exists():
            if self.process.poll() is not None:
                return False
            if time.monotonic() > deadline:
                raise RuntimeError("PostgreSQL did not start within 30 s")
            time.sleep(0.05)
        asyncio.run(self._execute("SELECT 1"))
        return True

    async def _execute(self, statement: str) -> None:
        import asyncpg

        for _ in range(100):
            try:
                connection = await asyncpg.connect(
                    host="127.0.0.1", port=self.port, user="postgres", database="postgres"
                )
                break
            except (OSError, asyncpg.CannotConnectNowError):
                await asyncio.sleep(0.05)
        else:
            raise RuntimeError("cannot connect to PostgreSQL")
        try:
            await connection.execute(statement)
        finally:
            await connection.close()

    def new_database(self) -> str:
        """A fresh, empty database; its URL."""
        name = f"t_{uuid.uuid4().hex[:12]}"
        asyncio.run(self._execute(f"CREATE DATABASE {name}"))
        return f"postgresql://postgres@127.0.0.1:{self.port}/{name}"

    def drop_database(self, url: str) -> None:
        """Drop the database at ``url`` now, ending its connections (a database gone away)."""
        name = url.rsplit("/", 1)[1]
        asyncio.run(self._execute(f"DROP DATABASE {name} WITH (FORCE)"))

    def stop(self) -> None:
        """End the cluster (a fast shutdown, by its process id) and remove its folder."""
        if self.process.poll() is None:
            os.kill(self.process.pid, signal.SIGINT)
            try:
                self.process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                os.kill(self.process.pid, signal.SIGKILL)
                self.process.wait()
        shutil.rmtree(self.folder, ignore_errors=True)
