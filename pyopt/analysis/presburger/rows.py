"""Integer row helpers shared by the Presburger algorithms: a row is a Python list of ints,
variable coefficients followed by the constant term."""
from __future__ import annotations

from math import gcd


def gcd_of(values):
    g = 0
    for v in values:
        if v:
            g = gcd(g, v)
            if g == 1:
                return 1
    return g


def lcm(a, b):
    a, b = abs(a), abs(b)
    return a // gcd(a, b) * b


def floor_div(a, b):
    return a // b


def ceil_div(a, b):
    return -((-a) // b)


def normalize(row):
    """Divides the whole row (constant included) by its gcd."""
    g = gcd_of(row)
    if g > 1:
        row[:] = [x // g for x in row]
    return g


def tighten(row):
    """For an inequality: divides the coefficients by their gcd and floors the constant,
    which keeps exactly the same integer points (64i >= 100 becomes i >= 2)."""
    g = gcd_of(row[:-1])
    if g > 1:
        for i in range(len(row) - 1):
            row[i] //= g
        row[-1] = row[-1] // g
    return g


def dot(row, point):
    return sum(a * b for a, b in zip(row, point))
