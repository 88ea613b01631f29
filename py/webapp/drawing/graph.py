"""The review's advantage graph, drawn by Python like the board: White's chance on
[-1, 1] at each position (up: White, down: Black), the marked moves as dots, and the
position shown as a line.  Plain drawing calls on a canvas context."""

GRAPH_COLOURS = {
    "light": {"back": "#2b2b2b", "white": "#fbfaf5", "mid": "#8a8a8a", "now": "#d23c1e"},
    "dark": {"back": "#151515", "white": "#e9e6dd", "mid": "#777777", "now": "#ff7a5c"},
}
MARK_COLOURS = {"?!": "#56b4d3", "?": "#e69d00", "??": "#df5353"}
PAD = 4  # pixels round the curve


def x_of(index, total, width):
    return PAD + (width - 2 * PAD) * index / max(1, total - 1)


def index_at(x, total, width):
    """The position whose point is nearest to `x` (0 .. total-1)."""
    return max(0, min(total - 1, round((x - PAD) / max(1, width - 2 * PAD) * max(1, total - 1))))


def draw_graph(ctx, width, height, chances, marks, total, shown, theme):
    """`chances` for the first positions of `total`; `marks` [{ply, mark}], `shown` the
    position on the board."""
    colours = GRAPH_COLOURS[theme]
    ctx.clearRect(0, 0, width, height)
    ctx.fillStyle = colours["back"]
    ctx.fillRect(0, 0, width, height)
    middle = height / 2

    def y_of(chance):
        return middle - (middle - PAD) * chance

    if chances:
        ctx.fillStyle = colours["white"]
        ctx.beginPath()
        ctx.moveTo(x_of(0, total, width), height)
        for index, chance in enumerate(chances):
            ctx.lineTo(x_of(index, total, width), y_of(chance))
        ctx.lineTo(x_of(len(chances) - 1, total, width), height)
        ctx.closePath()
        ctx.fill()
    ctx.strokeStyle = colours["mid"]
    ctx.lineWidth = 1
    ctx.beginPath()
    ctx.moveTo(0, middle)
    ctx.lineTo(width, middle)
    ctx.stroke()
    for mark in marks:
        if mark["ply"] < len(chances):
            ctx.fillStyle = MARK_COLOURS[mark["mark"]]
            ctx.beginPath()
            ctx.arc(x_of(mark["ply"], total, width), y_of(chances[mark["ply"]]), 3.5, 0, 6.2832)
            ctx.fill()
    ctx.strokeStyle = colours["now"]
    ctx.lineWidth = 2
    ctx.beginPath()
    ctx.moveTo(x_of(shown, total, width), 0)
    ctx.lineTo(x_of(shown, total, width), height)
    ctx.stroke()
