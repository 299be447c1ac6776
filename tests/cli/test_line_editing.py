"""Line editing at a real terminal (a pty, xterm): history with Up and Ctrl-R, Home/End, and
Tab completion of actions and commands. Piped input is read as plain lines (test_piped).

The line editor draws the prompt again at every key, so these tests wait for what the program
prints after a line (a register's new value, the menu's last line) and then for the prompt.
"""

from __future__ import annotations

from tests.cli.terminal import CTRL_R, END_KEY, ENTER, HOME, TAB, UP, Terminal

PROMPT = "seat 0 >"
MENU_END = "NOT (1) 18 19 20 21"
"""The last line of cooperative MOON's menu: the prompt follows it."""


def _moon() -> Terminal:
    """Cooperative MOON, seed 5: B starts at 1100 = 12; ROL costs 1 of the 3 energy."""
    terminal = Terminal("play", "moon", "--seed", "5", term="xterm")
    terminal.wait_for(PROMPT)
    return terminal


def _after(terminal: Terminal, text: str) -> str:
    """Wait for ``text``, then for the prompt after it; returns what was shown."""
    shown = terminal.wait_for(text) + terminal.wait_for(PROMPT)
    terminal.settle()
    return shown


def _prompt_line(terminal: Terminal) -> str:
    terminal.settle()
    return [line for line in terminal.screen() if line.strip()][-1]


def test_up_recalls_the_last_line_and_enter_plays_it_again() -> None:
    terminal = _moon()
    terminal.type("rol b")
    _after(terminal, "1001 =  9")
    terminal.keys(UP)
    assert _prompt_line(terminal) == "seat 0 > rol b"
    terminal.keys(ENTER)
    _after(terminal, "0011 =  3")
    terminal.quit()
    assert terminal.finish() == 0


def test_ctrl_r_finds_an_earlier_line() -> None:
    terminal = _moon()
    terminal.type("rol b")
    _after(terminal, "1001 =  9")
    terminal.type("help")
    _after(terminal, "Tab completes")
    terminal.keys(CTRL_R + "rol")
    assert "`rol': rol b" in _prompt_line(terminal)
    terminal.keys(ENTER)
    _after(terminal, "0011 =  3")
    terminal.quit()
    assert terminal.finish() == 0


def test_tab_completes_an_action_and_a_command() -> None:
    terminal = _moon()
    terminal.keys("en" + TAB)
    assert _prompt_line(terminal) == "seat 0 > end"
    terminal.keys(ENTER)
    _after(terminal, "round 2")
    terminal.keys("no" + TAB + "b")
    assert _prompt_line(terminal) == "seat 0 > not b", "Tab filled in the part all NOTs share"
    terminal.keys("\b" + TAB + TAB)
    terminal.settle()
    listed = "\n".join(terminal.screen())
    assert "NOT A" in listed and "NOT D" in listed and "XOR A B" not in listed
    terminal.keys("c" + ENTER)
    _after(terminal, MENU_END)
    terminal.keys("hel" + TAB + ENTER)
    assert "undo          take back" in _after(terminal, "Tab completes")
    terminal.quit()
    assert terminal.finish() == 0


def test_home_and_end_move_along_the_line() -> None:
    terminal = _moon()
    terminal.keys("a c" + HOME + "xor " + END_KEY + ENTER)
    assert "Not allowed" not in _after(terminal, MENU_END)
    terminal.type("undo")
    assert "Took back XOR A C." in _after(terminal, MENU_END)
    terminal.quit()
    assert terminal.finish() == 0
