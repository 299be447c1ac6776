"""Rules tests for Moons."""
