"""A module that imports fine but is no array namespace: no asarray, no zeros."""

GREETING = "hello"
