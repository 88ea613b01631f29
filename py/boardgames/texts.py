"""The words a reader sees, in the reader's language: Python's own gettext.

Texts are marked where they are written: `_("...")` translates at once, `N_("...")` only
marks a text kept as data (a game's summary, a setting's label) that is translated where
it is shown, `ngettext` picks a plural form (Arabic has six, Chinese one).  Placeholders
are named (`{count}`), so a translation may put them in any order.  tools/i18n.py
extracts the marked texts into locale/messages.pot, keeps locale/<language>.po in step
and compiles them; the page installs the reader's catalogue with `use` before it shows
anything.  The engine and the page share this module, so a new game's texts are
translatable with no change to the page.
"""

import gettext

ENGLISH = "en"
# The languages shipped complete (their own names are not translated); "qps" is the
# pseudo-language the tests read: every text bracketed and longer, to find what is not marked.
LANGUAGES = {"en": "English", "es": "Español", "fr": "Français", "de": "Deutsch",
             "sv": "Svenska", "zh": "中文", "ar": "العربية"}
PSEUDO = "qps"
RIGHT_TO_LEFT = {"ar"}

_catalogue = gettext.NullTranslations()
_language = ENGLISH


def use(language, catalogue=None):
    """Translate from now on with `catalogue` (a .mo file's bytes; None: English)."""
    global _catalogue, _language
    _language = language
    _catalogue = gettext.NullTranslations()
    if catalogue is not None:
        import io
        _catalogue = gettext.GNUTranslations(io.BytesIO(catalogue))


def language():
    """The code of the language texts are shown in ("en", "ar", ...)."""
    return _language


def _(message):
    """`message` in the reader's language (itself where no translation is known)."""
    return _catalogue.gettext(message) if message else message


def N_(message):
    """Marks `message` for translation without translating it: data translated where shown."""
    return message


def ngettext(singular, plural, count):
    """The form of a text for `count` in the reader's language (English: singular for 1)."""
    return _catalogue.ngettext(singular, plural, count)
