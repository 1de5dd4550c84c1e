"""The mask kernel: a contract compiled to bit masks (``layout``), the tally every scorer reads
(``tally``) and fast random playouts (``playout``)."""

from ramsch_core.kernel.layout import Layout
from ramsch_core.kernel.playout import Kernel, Outcome, Position
from ramsch_core.kernel.tally import Tally, tally

__all__ = ["Kernel", "Layout", "Outcome", "Position", "Tally", "tally"]
