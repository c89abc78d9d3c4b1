"""Analyses over models and runs: similarity, logit lens, ablations, their reports, evaluation, allocation."""
