"""The page's translations: extract the marked texts, keep each language's catalogue in
step, check them, and compile them for the page (docs/languages.md).

    python3 tools/i18n.py update   # after changing texts: locale/messages.pot and every .po
    python3 tools/i18n.py check    # what the build checks: complete, current, placeholders kept

Texts are marked in Python with `_`, `N_` and `ngettext` (py/boardgames/texts.py), in
start.js with `t("...")`, and index.html's own words are its text and its aria-label,
title, placeholder and alt attributes.  Babel (from PyPI, pinned by its SHA-256 like the
page's wheels, a build-time tool only) extracts them and writes the .mo files; the page
reads them with Python's own gettext.  `compile` (run by tools/vendor.py) writes into
vendor/locale/: <language>.mo.gz for Python (gzipped: a third of the bytes; start.js
unzips it) and <language>.json, the texts of index.html and
start.js for the page before Python runs, plus the pseudo-language "qps" (every text
bracketed and 40% longer) that tests read to find unmarked text and text that overflows.
"""

import gzip
import html.parser
import io
import json
import os
import re
import sys
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LOCALE = os.path.join(ROOT, "locale")
TEMPLATE = os.path.join(LOCALE, "messages.pot")
sys.path.insert(0, os.path.join(ROOT, "py"))
from boardgames.texts import ENGLISH, LANGUAGES, PSEUDO  # noqa: E402
from wheels import cached_wheel  # noqa: E402

BABEL = ("babel-2.18.0-py3-none-any.whl", "e2b422b277c2b9a9630c1d7903c2a00d0830c409c59ac8cae9081c92f1aeba35")
KEYWORDS = {"_": None, "N_": None, "ngettext": (1, 2)}
JS_KEYWORDS = {"t": None, "N_": None}
COMMENT_TAGS = ("TRANSLATORS:",)
MANIFEST = "manifest.webmanifest"
MANIFEST_TEXTS = ("name", "short_name", "description")
PAGE_FILES = ("index.html", "start.js")  # what the page shows before Python runs, with the
# games' names, summaries and options (previews/previews.js: build_previews.shown_texts)
HTML_ATTRIBUTES = ("aria-label", "title", "placeholder", "alt")
PLACEHOLDER = re.compile(r"\{[a-z_]*\}")
PROJECT = "boardgames"


def load_babel(wheel=None):
    """Import Babel from its pinned wheel (wheels.cached_wheel fetches it), unpacked once
    into .cache/."""
    if wheel is None:
        wheel = cached_wheel(*BABEL)
    unpacked = os.path.join(ROOT, ".cache", BABEL[0][:-4])
    if not os.path.isdir(unpacked):
        with zipfile.ZipFile(wheel) as archive:
            archive.extractall(unpacked + ".part")
        os.replace(unpacked + ".part", unpacked)
    sys.path.insert(0, unpacked)


class PageTexts(html.parser.HTMLParser):
    """index.html's words: (line, text) for each text run and each reader-facing attribute;
    what is inside <script>, <style> and <template> is code, and an element marked
    translate="no" (HTML's own attribute) holds an example to keep as it is."""

    SKIPPED = ("script", "style", "template")
    VOID = ("input", "meta", "link", "br", "img", "hr", "source")

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.found, self.open = [], []  # open: for each open element, does it skip its text

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        skip = tag in self.SKIPPED or attrs.get("translate") == "no" or any(self.open)
        if not skip:
            for name in HTML_ATTRIBUTES:
                if (attrs.get(name) or "").strip():
                    self.found.append((self.getpos()[0], attrs[name].strip()))
        if tag not in self.VOID:
            self.open.append(skip)

    def handle_endtag(self, tag):
        if tag not in self.VOID and self.open:
            self.open.pop()

    def handle_data(self, data):
        text = " ".join(data.split())
        if text and not any(self.open) and re.search("[A-Za-z]", text):
            self.found.append((self.getpos()[0], text))


def page_texts(path):
    parser = PageTexts()
    with open(path, encoding="utf-8") as f:
        parser.feed(f.read())
    return parser.found


LESSON_FILE = os.path.join(ROOT, "py", "boardgames", "lessons.txt")
LESSON_TEXTS = ("lesson", "intro", "step", "ask", "right", "wrong", "finish")  # keys of words shown


def lesson_texts(path=LESSON_FILE):
    """(line, text) of every text the lessons show (py/boardgames/lessons.txt: a title, an
    intro, each step's title, question and answers, the last words); the page translates
    them where it shows them."""
    from boardgames.puzzles import table_rows
    found = []
    for number, fields in table_rows(path):
        if fields[0].split()[0] in LESSON_TEXTS:
            found.append((number, fields[-1]))
    return found


def python_sources():
    for folder, _dirs, names in sorted(os.walk(os.path.join(ROOT, "py"))):
        for name in sorted(names):
            if name.endswith(".py"):
                yield os.path.join(folder, name)


def extract():
    """A Babel catalogue of every marked text, with where each is used."""
    from babel.messages.catalog import Catalog
    from babel.messages.extract import extract_from_file
    catalog = Catalog(project=PROJECT, charset="utf-8")
    sources = [(path, "python", KEYWORDS) for path in python_sources()]
    sources.append((os.path.join(ROOT, "start.js"), "javascript", JS_KEYWORDS))
    for path, method, keywords in sources:
        where = os.path.relpath(path, ROOT)
        for line, message, comments, context in extract_from_file(method, path, keywords=keywords,
                                                                  comment_tags=COMMENT_TAGS, strip_comment_tags=True):
            catalog.add(message, None, [(where, line)], auto_comments=comments, context=context)
    for line, text in page_texts(os.path.join(ROOT, "index.html")):
        catalog.add(text, None, [("index.html", line)])
    with open(os.path.join(ROOT, MANIFEST), encoding="utf-8") as f:
        manifest = json.load(f)
    for field in MANIFEST_TEXTS:
        catalog.add(manifest[field], None, [(MANIFEST, 1)])
    for line, text in lesson_texts():
        catalog.add(text, None, [("py/boardgames/lessons.txt", line)])
    return catalog


def read(path, language):
    from babel.messages.pofile import read_po
    with open(path, "rb") as f:
        return read_po(f, locale=language)


def update():
    """Rewrite messages.pot from the sources and bring every language's .po in step: new
    texts come in untranslated, texts gone are dropped."""
    from babel.messages.catalog import Catalog
    from babel.messages.pofile import write_po
    template = extract()
    os.makedirs(LOCALE, exist_ok=True)
    with open(TEMPLATE, "wb") as f:
        write_po(f, template, width=100, omit_header=False, sort_by_file=True)
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = os.path.join(LOCALE, f"{language}.po")
        catalog = read(path, language) if os.path.exists(path) else Catalog(locale=language, project=PROJECT)
        catalog.update(template, no_fuzzy_matching=True)
        catalog.obsolete.clear()
        with open(path, "wb") as f:
            write_po(f, catalog, width=100, sort_by_file=True, include_previous=False)
    print(f"i18n: {len(template)} texts in locale/messages.pot; {len(LANGUAGES) - 1} catalogues updated")


def placeholders(text):
    return sorted(PLACEHOLDER.findall(text))


def message_key(message):
    """A catalogue entry's English text (a plural entry's singular)."""
    return message.id if isinstance(message.id, str) else message.id[0]


def problems(template=None):
    """What keeps the catalogues from shipping: a template older than the sources (the
    extracted `template`), an entry missing, untranslated, fuzzy or stale, placeholders
    not those of the English."""
    found = []
    template = template or extract()
    current = {message_key(m) for m in template if m.id}
    written = {message_key(m) for m in read(TEMPLATE, None) if m.id} \
        if os.path.exists(TEMPLATE) else set()
    if current != written:
        found.append(f"locale/messages.pot is not what the sources mark ({len(current - written)} new, "
                     f"{len(written - current)} gone): run `python3 tools/i18n.py update`")
    for language in LANGUAGES:
        if language == ENGLISH:
            continue
        path = os.path.join(LOCALE, f"{language}.po")
        if not os.path.exists(path):
            found.append(f"locale/{language}.po is missing")
            continue
        catalog = read(path, language)
        ids = set()
        for message in catalog:
            if not message.id:
                continue
            key = message_key(message)
            ids.add(key)
            english = message.id if isinstance(message.id, str) else message.id
            strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
            if message.fuzzy:
                found.append(f"{language}: fuzzy: {key!r}")
            elif not all(strings) or (isinstance(message.id, (list, tuple)) and len(strings) != catalog.num_plurals):
                found.append(f"{language}: not translated: {key!r}")
            else:
                wanted = placeholders(english if isinstance(english, str) else english[1])
                for text in strings:
                    if placeholders(text) != wanted and not (
                            isinstance(english, (list, tuple)) and set(placeholders(text)) <= set(wanted)):
                        found.append(f"{language}: placeholders {placeholders(text)} differ from {wanted}: {key!r}")
        for key in sorted(current - ids):
            found.append(f"{language}: missing: {key!r}")
        for key in sorted(ids - current):
            found.append(f"{language}: stale (no longer in the sources): {key!r}")
    return found


def pseudo(text):
    """The pseudo-language: bracketed, 40% longer (in short words, so lines still break),
    placeholders kept as they are."""
    pad = " ".join(["~~~"] * max(1, round(len(text) * 0.4 / 4)))
    return f"[{text} {pad}]"


def pseudo_catalog(template):
    from babel.messages.catalog import Catalog
    catalog = Catalog(locale="en", project=PROJECT)
    for message in template:
        if not message.id:
            continue
        string = tuple(pseudo(form) for form in message.id) if isinstance(message.id, (list, tuple)) \
            else pseudo(message.id)
        catalog.add(message.id, string, list(message.locations))
    return catalog


def translated_manifest(catalog, language):
    """The web app manifest in `language` (start.js links it): its words translated, its
    addresses from vendor/locale/, where it is written."""
    with open(os.path.join(ROOT, MANIFEST), encoding="utf-8") as f:
        manifest = json.load(f)
    for field in MANIFEST_TEXTS:
        message = catalog.get(manifest[field])
        manifest[field] = message.string if message is not None and message.string else manifest[field]
    manifest["lang"] = language
    manifest["start_url"] = f"../../index.html?lang={language}"
    manifest["scope"] = "../../"
    for icon in manifest["icons"]:
        icon["src"] = "../." + icon["src"]
    return manifest


def compile_all(destination):
    """vendor/locale/<language>.mo.gz (gzipped: 46 kB instead of 150; start.js unzips it)
    and .json for every language and the pseudo-language;
    exits with the problems when a catalogue is not ready to ship."""
    from babel.messages.mofile import write_mo
    template = extract()
    found = problems(template)
    if found:
        sys.exit("i18n: the translations are not ready:\n  " + "\n  ".join(found[:40])
                 + (f"\n  ... and {len(found) - 40} more" if len(found) > 40 else ""))
    os.makedirs(destination, exist_ok=True)
    catalogs = {language: read(os.path.join(LOCALE, f"{language}.po"), language)
                for language in LANGUAGES if language != ENGLISH}
    catalogs[PSEUDO] = pseudo_catalog(template)
    import build_previews
    games = build_previews.shown_texts()
    for language, catalog in catalogs.items():
        mo = io.BytesIO()
        write_mo(mo, catalog)
        with open(os.path.join(destination, f"{language}.mo.gz"), "wb") as f:
            f.write(gzip.compress(mo.getvalue(), compresslevel=9, mtime=0))
        stale = os.path.join(destination, f"{language}.mo")  # (unzipped, until 2026-12-05)
        if os.path.exists(stale):
            os.remove(stale)
        early = {m.id: m.string for m in catalog if isinstance(m.id, str) and m.id and m.string
                 and (m.id in games or any(where in PAGE_FILES for where, _line in m.locations))}
        with open(os.path.join(destination, f"{language}.json"), "w", encoding="utf-8") as f:
            json.dump(early, f, ensure_ascii=False, sort_keys=True, separators=(",", ":"))
        with open(os.path.join(destination, f"{language}.webmanifest"), "w", encoding="utf-8") as f:
            json.dump(translated_manifest(catalog, language), f, ensure_ascii=False, indent=1)
    print(f"i18n: {len(catalogs)} catalogues ({', '.join(catalogs)}) in {os.path.relpath(destination, ROOT)}/")


def main():
    load_babel()
    command = sys.argv[1] if len(sys.argv) > 1 else "check"
    if command == "update":
        update()
    elif command == "check":
        found = problems()
        print("\n".join(found) or "i18n: every catalogue is complete and current")
        sys.exit(1 if found else 0)
    elif command == "compile":
        compile_all(os.path.join(ROOT, "vendor", "locale"))
    else:
        sys.exit(f"i18n: unknown command {command!r} (update, check, compile)")


if __name__ == "__main__":
    main()
