"""Agent specs, the factory and the registry."""

from __future__ import annotations

from typing import ClassVar

import pytest

import moonbase
from moonbase.agents import Agent, InvalidAgent, agent_names, make_agent, parse_spec, protocol
from moonbase.agents.protocol import agent_class, register_agent
from moonbase.core import State


def test_spec_names_the_agent_and_its_parameters() -> None:
    agent = make_agent("MCTS: iterations=120, rollout=Greedy, c=1.5", seed=9)
    assert agent.name == "mcts"
    assert agent.seed == 9
    assert agent.spec == "mcts:iterations=120,rollout=greedy,c=1.5"
    assert make_agent(agent.spec).spec == agent.spec


@pytest.mark.parametrize(
    ("spec", "message"),
    [
        ("oracle", "unknown agent 'oracle'"),
        ("mcts:budget=3", "has no parameter 'budget'"),
        ("mcts:iterations=0", "iterations='0' is not allowed"),
        ("mcts:seconds=-1", "seconds='-1' is not allowed"),
        ("mcts:rollout=smart", "allowed: random, greedy"),
        ("random:iterations=3", "allowed: none"),
        ("mcts:200", "write parameters as key=value"),
    ],
)
def test_bad_specs_say_what_is_wrong(spec: str, message: str) -> None:
    with pytest.raises(InvalidAgent, match=message):
        make_agent(spec)


def test_parse_spec_is_lenient_about_case_and_spaces() -> None:
    assert parse_spec(" Greedy ") == ("greedy", {})
    assert parse_spec("mcts:seconds=0.5,") == ("mcts", {"seconds": "0.5"})


def test_the_same_seed_gives_the_same_generator() -> None:
    first, second = make_agent("random", seed=4), make_agent("random", seed=4)
    assert [first.rng.random() for _ in range(3)] == [second.rng.random() for _ in range(3)]
    assert make_agent("random", seed=5).rng.random() != make_agent("random", seed=4).rng.random()


def test_a_registered_agent_can_be_named_by_spec(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(protocol, "_REGISTERED", {})

    class Last(Agent):
        name: ClassVar[str] = "test-last"

        def choose(self, observed: State, seat: int) -> str:
            return observed.legal_actions(seat)[-1]

    register_agent(Last)
    assert "test-last" in agent_names()
    assert agent_class("test-last") is Last
    state = moonbase.load("moon").new(seed=1)
    assert make_agent("test-last").choose(state, 0) == state.legal_actions(0)[-1]


def test_builtin_names() -> None:
    assert {"random", "greedy", "mcts", "planner"} <= set(agent_names())
