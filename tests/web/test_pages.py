"""The client's files as the server serves them (no browser needed): the two pages, the
static files with their types, a sheet's layout, and every file shipped in the package."""

from __future__ import annotations

import fnmatch
import tomllib
from pathlib import Path

import moonbase
from moonbase.games.welcome_to_the_moon.game import WelcomeGame
from moonbase.server.web import STATIC
from tests.server.harness import new_table, serving

ROOT = Path(__file__).resolve().parents[2]


def test_the_lobby_and_a_tables_page_are_the_client_and_the_api_is_untouched(
    tmp_path: Path,
) -> None:
    with serving(f"sqlite:///{tmp_path / 'pages.sqlite3'}") as client:
        table = new_table(client, "moon-leap", ["human", "greedy"])
        for path in ("/", f"/tables/{table['id']}", "/tables/no-such-table"):
            page = client.get(path)
            assert page.status_code == 200
            assert page.headers["content-type"].startswith("text/html")
            assert '<script type="module" src="/web/app.js">' in page.text
        script = client.get("/web/app.js")
        assert script.status_code == 200
        assert "javascript" in script.headers["content-type"]
        assert client.get("/web/style.css").headers["content-type"].startswith("text/css")
        missing = client.get("/web/nothing.js")
        assert missing.status_code == 404
        assert client.get(f"/api/tables/{table['id']}").json()["id"] == table["id"]
        assert "/" not in client.get("/openapi.json").json()["paths"]


def test_a_sheets_layout_is_the_games_and_a_bad_adventure_is_refused(tmp_path: Path) -> None:
    with serving(f"sqlite:///{tmp_path / 'pages.sqlite3'}") as client:
        for adventure, solo in ((1, False), (8, True)):
            game = moonbase.load(
                "welcome-to-the-moon", adventure=adventure, players=1 if solo else 2
            )
            assert isinstance(game, WelcomeGame)
            answer = client.get(f"/web/sheets/{adventure}.json", params={"solo": solo})
            assert answer.json() == game.sheet_layout().to_json()
        refused = client.get("/web/sheets/9.json")
        assert refused.status_code == 404
        assert refused.json()["error"] == "no adventure 9; adventures are 1 to 8"


def test_every_client_file_is_shipped_in_the_package() -> None:
    config = tomllib.loads((ROOT / "pyproject.toml").read_text())
    patterns = config["tool"]["setuptools"]["package-data"]["moonbase"]
    files = [
        path for path in STATIC.rglob("*") if path.is_file() and "__pycache__" not in path.parts
    ]
    assert {path.name for path in files} >= {"index.html", "app.js", "style.css", "moon_leap.js"}
    package = STATIC.parent
    for path in files:
        relative = path.relative_to(package).as_posix()
        assert any(_shipped(relative, pattern) for pattern in patterns), relative


def _shipped(path: str, pattern: str) -> bool:
    """Whether setuptools' ``pattern`` takes ``path`` (``*`` never crosses a ``/``)."""
    parts, wanted = path.split("/"), pattern.split("/")
    return len(parts) == len(wanted) and all(map(fnmatch.fnmatch, parts, wanted))
