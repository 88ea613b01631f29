"""Code compiled while the start-up snapshot was built, so that the page need not compile it.

The snapshot (tools/fast_start.py) cannot import the page's DOM modules nor PyScript's own
Python (they need the browser), but it can hold their code objects.  `keep` compiles such
files there and puts itself in front of the import system's compiler: when the page
imports a file whose source is, byte for byte, the one kept, its code object is used at
once; any other source (a file changed since the build, a plain start) is compiled as
usual.  Compiling is the slowest part of an import in the browser, and a page that never
compiles never wakes the compiler's WebAssembly either.
"""

from importlib.machinery import SourceFileLoader

_compile = SourceFileLoader.source_to_code
_kept = {}  # path -> (source bytes, code object)
used = []  # paths whose kept code an import used (for tests)


def keep(sources):
    """Compile `sources` ({path: source bytes}) now, for imports of those paths later."""
    for path, source in sources.items():
        _kept[path] = (source, compile(source, path, "exec", dont_inherit=True))
    SourceFileLoader.source_to_code = _source_to_code


def _source_to_code(loader, data, path, *, _optimize=-1):
    kept = _kept.get(path)
    if kept is not None and _optimize == -1 and kept[0] == data:
        used.append(path)
        return kept[1]
    return _compile(loader, data, path, _optimize=_optimize)
