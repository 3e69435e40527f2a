"""Rule references, the per-game rule lists, rule cards and the rulebook indexer."""
from viewer.ruleref import GAME_PREFIXES, RuleRef

__all__ = ["GAME_PREFIXES", "RuleRef"]
