"""Static checks of the site's files: offline-only, pinned runtime, config in sync."""

import json
import os
import re
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tools"))

import build_sw  # noqa: E402
import sync_files  # noqa: E402


def read(name):
    with open(os.path.join(ROOT, name)) as f:
        return f.read()


def test_pyscript_files_list_every_module():
    assert read("pyscript.toml") == sync_files.render(), "run `make sync` (tools/sync_files.py)"
    assert read("worker.toml") == sync_files.render_worker(), "run `make sync` (tools/sync_files.py)"


def test_the_worker_gets_the_whole_engine_and_nothing_of_the_page():
    listed = re.findall(r'^"\./py/(\w+)/(\w+\.py)" = "\./\1/"$', read("worker.toml"), re.M)
    engine = sorted(n for n in os.listdir(os.path.join(ROOT, "py", "boardgames"))
                    if n.endswith(".py") and f"boardgames/{n}" not in sync_files.HOST_ONLY)
    assert listed == [("boardgames", name) for name in engine] and "drawing" not in read("worker.toml")


def test_neither_the_page_nor_the_worker_loads_the_host_only_modules():
    assert "boardgames/learning.py" in sync_files.HOST_ONLY
    for name in sync_files.HOST_ONLY:
        assert os.path.exists(os.path.join(ROOT, "py", name)), name
        assert name not in read("pyscript.toml") and name not in read("worker.toml")


def test_the_page_gets_the_engine_data_files_and_the_worker_does_not():
    data = sorted(n for n in os.listdir(os.path.join(ROOT, "py", "boardgames")) if n.endswith(".txt"))
    assert "lessons.txt" in data and "puzzles.txt" in data
    for name in data:
        assert f'"./py/boardgames/{name}" = "./boardgames/"' in read("pyscript.toml").splitlines()
        assert name not in read("worker.toml")


def test_the_ai_worker_script_the_offline_copy_keeps_on_its_own_is_the_one_the_page_starts():
    assert f'create_named_worker("./{build_sw.WORKER_SCRIPT}", ' in read("py/webapp/main.py")


def test_the_page_names_no_outside_host():
    for name in ("index.html", "start.js", "pyscript.toml", "worker.toml", "css/style.css", "interpreter.mjs",
                 "snapshot.mjs", "snapshot_maker.mjs"):
        assert not re.search(r"(https?:)?//[a-z0-9.-]+\.[a-z]{2,}", read(name)), name


def test_interpreter_is_the_vendored_pyodide():
    for config in ("pyscript.toml", "worker.toml"):  # our loader of it, for page and AI worker alike
        assert 'interpreter = "./interpreter.mjs"' in read(config), config
    loader = read("interpreter.mjs")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in loader
    assert re.findall(r'new URL\("([^"]+)", import\.meta\.url\)', loader) == \
        ["./vendor/pyodide/", "./vendor/fast/", "./", "./snapshot_maker.mjs"], "every URL relative to the loader"
    maker = read("snapshot_maker.mjs")
    assert 'from "./vendor/pyodide/pyodide.mjs"' in maker and 'from "./snapshot.mjs"' in maker
    assert 'src="./vendor/pyscript/core.js"' in read("index.html")


def test_runtime_versions_are_pinned_in_the_lockfile():
    package = json.loads(read("package.json"))["dependencies"]
    lock = json.loads(read("package-lock.json"))["packages"]
    for name, version in package.items():
        assert re.fullmatch(r"\d+\.\d+\.\d+", version), f"{name} must be pinned exactly"
        assert lock[f"node_modules/{name}"]["version"] == version


def test_the_documented_rulings_match_the_engine():
    import rulings_md
    assert read("docs/rulings.md") == rulings_md.with_rulings(read("docs/rulings.md")), \
        "run `python3 tools/rulings_md.py --write`"


def test_the_readme_is_short_and_every_link_of_the_docs_leads_somewhere():
    readme = read("README.md")
    assert len(readme.splitlines()) <= 250, "depth goes in docs/"
    pages = ["README.md"] + [f"docs/{name}" for name in sorted(os.listdir(os.path.join(ROOT, "docs")))
                             if name.endswith(".md")]
    for page in pages:
        for target in re.findall(r"\]\(([^)#\s]+)(?:#[^)]*)?\)", read(page)):
            if not target.startswith(("http://", "https://")):
                path = os.path.normpath(os.path.join(os.path.dirname(page), target))
                assert os.path.exists(os.path.join(ROOT, path)), f"{page} links to {target}, which is missing"
        if page != "README.md":
            assert page in readme, f"the README's More lists {page}"
