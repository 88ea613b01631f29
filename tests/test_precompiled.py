"""webapp.precompiled: code compiled while the snapshot is built answers the imports of the
same source, byte for byte; any other source is compiled as usual."""

import importlib.util
from importlib.machinery import SourceFileLoader

import pytest

from webapp import precompiled


@pytest.fixture
def kept(monkeypatch, tmp_path):
    """A module file, and keep() with the import system restored after the test."""
    monkeypatch.setattr(SourceFileLoader, "source_to_code", SourceFileLoader.source_to_code)
    monkeypatch.setattr(precompiled, "used", [])
    path = tmp_path / "page_module.py"
    path.write_bytes(b"ANSWER = 'compiled at build time'\n")
    # the kept code differs from what compiling the file gives: the test can tell them apart
    precompiled.keep({str(path): path.read_bytes()})
    precompiled._kept[str(path)] = (path.read_bytes(), compile("ANSWER = 'kept'\n", str(path), "exec"))
    return path


def load(path):
    spec = importlib.util.spec_from_file_location("page_module", path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_kept_code_answers_an_import_of_the_same_source(kept):
    assert load(kept).ANSWER == "kept"
    assert precompiled.used == [str(kept)]


def test_a_source_changed_since_the_build_is_compiled_as_usual(kept):
    kept.write_bytes(b"ANSWER = 'changed'\n")
    assert load(kept).ANSWER == "changed"
    assert precompiled.used == []


def test_other_files_are_compiled_as_usual(kept, tmp_path):
    other = tmp_path / "other.py"
    other.write_bytes(b"ANSWER = 'other'\n")
    assert load(other).ANSWER == "other"
    assert precompiled.used == []
