"""The reader's language in the page: start.js chose it (?lang=, Settings, the browser's
languages, English) and fetched its catalogue before Python started; here Python's
gettext takes it (boardgames.texts), before any panel shows a word."""

from pyscript import window

from boardgames import texts


def install():
    """Translate with the catalogue start.js fetched; returns the language's code."""
    chosen = window.boardgamesLanguage  # English when its catalogue could not be fetched
    try:
        texts.use(chosen.code, None if chosen.code == texts.ENGLISH else bytes(chosen.catalogue.to_py()))
    except OSError as problem:  # a damaged .mo: English, and the game still starts
        window.console.info(f"boardgames: the {chosen.code} catalogue could not be read ({problem}): English")
        texts.use(texts.ENGLISH)
    return texts.language()


def reload_in(code):
    """Open this page again in language `code` ("auto": the browser's), the game kept as
    the page keeps it (saved, or in the link)."""
    address = window.URL.new(window.location.href)
    if code == "auto":
        address.searchParams.delete("lang")
    else:
        address.searchParams.set("lang", code)
    window.location.replace(address.toString())
