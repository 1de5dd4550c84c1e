"""The Ramsch game's AI: the shared Ramsch rules of thumb (``ramsch_core.ai.ramsch``) for the
Schieberamsch and the card play."""

from ramsch_core.ai.policy import GamePolicy
from ramsch_core.ai.ramsch import decide_push, rule_card

POLICY = GamePolicy(steps={"push": decide_push}, card_priors={"ramsch": rule_card})
