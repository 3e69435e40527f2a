"""Template weapons (SC 8.7.6): the dice of the Primary and Collateral Groups.

Primary Group: one die per affected model of the primary unit plus RoA modifiers, and no Surge
die: its Surge result is the number of affected primary models (applied only if the tag matches).
Each other unit under the template is a Collateral Group: one die per affected model, no
modifiers, no Surge. Only models at the Target Point's elevation and of the primary's Combat Tag
count as collateral.
"""
from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from viewer.errors import Refusal


class TemplateError(Refusal):
    """Bad template input."""


@dataclass(frozen=True)
class TemplateGroup:
    """One Group built by a template: who, how many dice, its fixed Surge result."""

    unit: str
    dice: int
    surge: int
    primary: bool


def template_groups(primary_unit: str, primary_affected: int, roa_modifier: int = 0,
                    collateral: Sequence[tuple[str, int]] = ()) -> list[TemplateGroup]:
    """SC 8.7.6 step 4-5: the Groups, primary first, each with its dice and Surge result."""
    if primary_affected < 0 or any(n < 0 for _, n in collateral):
        raise TemplateError("affected model counts must not be negative")
    dice = max(0, primary_affected + roa_modifier)
    groups = [TemplateGroup(primary_unit, dice, primary_affected, True)]
    groups += [TemplateGroup(u, n, 0, False) for u, n in collateral if n > 0]
    return groups
