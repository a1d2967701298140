"""The Fateforge action handlers, one module per family (Preparation, a hero's turn, the
enemies, the end of the round and scene, and entering a zone); :data:`HANDLERS` is every
action class with its :class:`~tabletop.games.fateforge.handlers.common.Handler`."""

from tabletop.games.fateforge.actions import EnemyActs, SpringTrap
from tabletop.games.fateforge.handlers import enemy_turn, hero_turn, preparation, scene_end
from tabletop.games.fateforge.handlers.common import Handler
from tabletop.games.fateforge.handlers.entering import SPRING_TRAP

HANDLERS: dict[type, Handler] = {
    **preparation.HANDLERS, **hero_turn.HANDLERS, **scene_end.HANDLERS,
    EnemyActs: enemy_turn.ENEMY_ACTS, SpringTrap: SPRING_TRAP,
}
"""Every Fateforge action class and its rule."""
