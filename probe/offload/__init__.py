"""Offload capacity planning: row traffic, row statistics, hardware profiles, the planner, the tier benchmark."""
