"""Agents: players that see a seat's view and the legal actions, never the State."""

from .base import Agent, agent_names, make_agent
from .random_agent import RandomAgent

__all__ = ["Agent", "RandomAgent", "agent_names", "make_agent"]
