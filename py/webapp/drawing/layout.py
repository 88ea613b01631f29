"""The board's layout on the page's canvas: the engine's drawing geometry
(boardgames/drawing/layout.py), and which cell a point falls in, for the pointer; a ghost
cell (a drawn copy, the cylinder's wrapped files) maps a click back to the real cell."""

from boardgames.drawing import layout

board_cells = layout.board_cells
__all__ = ["Layout", "board_cells"]


class Layout(layout.Layout):
    """Cells placed on the page's canvas, found again under the pointer."""

    def cell_at(self, px, py):
        """The real cell name under a canvas point, or None (ghosts map to their real cell)."""
        x = self.min_x + (px - self.off_x) / self.unit
        y = self.max_y - (py - self.off_y) / self.unit
        if self.flipped:
            x, y = self.min_x + self.max_x - x, self.min_y + self.max_y - y
        for cell in self.cells:
            dx, dy = abs(x - cell.x), abs(y - cell.y)
            inside = dx + dy <= 1.0 if cell.shape == "diamond" else max(dx, dy) <= 0.5
            if inside:
                return cell.name
        return None
