"""Positions and whole games for the tests of the MCTS bot's settings."""

from __future__ import annotations

import random

import castle_combo as cc
from castle_combo.bots import Agent, GreedyAgent


def greedy_middle(seed: int) -> cc.GameState:
    """A two-player position a few turns in, played by the greedy bots."""
    state = cc.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    while state.taken < 6 or state.pending is not None:
        state = state.apply(GreedyAgent().choose(state.view(state.current_player), rng))
    return state


def played(bots: list[Agent], seed: int) -> list[cc.Action]:
    """Every action of a two-player game of ``bots`` (each handed its seat's view), from the deal and the
    generator of ``seed``; each action is checked legal."""
    state = cc.new_game(players=2, seed=seed)
    rng = random.Random(seed)
    actions = []
    while not state.is_over:
        action = bots[state.current_player].choose(state.view(state.current_player), rng)
        assert action in state.legal_actions()
        actions.append(action)
        state = state.apply(action)
    return actions
