"""Which game a page opens with (link, saved game or a new one), its links, review words."""

from urllib.parse import parse_qsl, urlsplit

from webapp.words.record import saved_payload
from webapp.state.session import COMPUTER, HUMAN, Session
from webapp.words.sharing import embed_snippet, opening, page_link, review_words


def played(game_id, moves, **kw):
    session = Session(game_id, **kw)
    for move in moves:
        session.play(move)
    return session


SAVED = saved_payload(played("tablut", ["d1-d3", "e3-f3"], players={"w": COMPUTER, "b": HUMAN}), level=3)


def test_the_saved_game_comes_back_when_the_link_names_none():
    page = opening({}, SAVED)
    assert page["session"].moves == ["d1-d3", "e3-f3"] and page["level"] == 3
    assert page["session"].players == {"w": COMPUTER, "b": HUMAN}
    assert page["messages"] == [] and not page["set_aside"] and not page["embed"]


def test_a_link_naming_a_game_wins_over_the_saved_one():
    page = opening({"game": "vault", "size": "8", "moves": "a1-b2"}, SAVED)
    assert page["session"].game_id == "vault" and page["session"].moves == ["a1-b2"]
    assert page["session"].options == {"size": 8} and not page["set_aside"]


def test_a_lesson_or_puzzle_link_keeps_the_saved_game_to_come_back_to():
    for exercise in ({"learn": "1"}, {"puzzle": "3"}):
        page = opening({"game": "pux", **exercise}, SAVED)
        assert page["session"].game_id == "tablut" and page["session"].moves == ["d1-d3", "e3-f3"]


def test_an_embedded_page_shows_its_link_not_the_saved_game():
    page = opening({"embed": "1"}, SAVED)
    assert page["embed"] and page["session"].moves == [] and not page["set_aside"]


def test_an_unreadable_saved_game_is_set_aside_with_a_notice():
    page = opening({"level": "9"}, "{garbage")
    assert page["set_aside"] and page["session"].legal() and page["session"].moves == []
    assert page["messages"][0] == "level must be 1 to 4; '9' ignored."
    assert page["messages"][1].startswith("Your saved game could not be restored (the saved game is not readable)")


def test_nothing_saved_opens_a_new_game():
    page = opening({"computer": "both", "level": "1"}, None)
    assert page["session"].players == {"w": COMPUTER, "b": COMPUTER} and page["level"] == 1
    assert not page["set_aside"] and page["messages"] == []


def test_page_link_opens_the_same_game_with_its_players():
    session = played("vault", ["a1-b2"], options={"size": 8}, players={"w": HUMAN, "b": COMPUTER})
    url = page_link("http://x/index.html", session, level=4)
    parts = urlsplit(url)
    assert parts.path == "/index.html"
    page = opening(dict(parse_qsl(parts.query)), SAVED)
    assert page["session"].moves == ["a1-b2"] and page["session"].players == session.players
    assert page["level"] == 4 and not page["embed"]
    assert "level" not in page_link("http://x/index.html", Session("tablut"), level=4)
    embedded = page_link("http://x/index.html", session, level=4, embed=True)
    assert opening(dict(parse_qsl(urlsplit(embedded).query)), None)["embed"]


def test_embed_snippet_escapes_the_address():
    snippet = embed_snippet("http://x/index.html?game=tablut&embed=1")
    assert snippet.startswith('<iframe src="http://x/index.html?game=tablut&amp;embed=1"')
    assert snippet.endswith("></iframe>") and 'title="Board game"' in snippet


def test_review_words_name_the_move():
    session = played("tablut", ["d1-d3", "e3-f3"])
    assert review_words(session, 1) == "Reviewing move 1 (d1-d3) of 2"
    assert review_words(session, 0) == "Reviewing the start position, before move 1 of 2"
