"""Messages rendered column by column (app/campaign/render_columns.py) are, row for row,
the JSON of the row-by-row render that creating stores, and the repeat keys made from
them are the keys creating stores; a content the column path cannot render says so."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from app.api import RequestValidationError
from app.campaign import ButtonSpec, Content, ContentError
from app.campaign.journal.keys import repeat_key, repeat_keys, repeat_prefix, to_json
from app.campaign.render import RenderError
from app.campaign.render_columns import ColumnRender, fits_by_length, wire_jsons

COLUMNS = ("a", "b", "تاریخ")
#: What people's cells and texts hold, with what JSON must escape and what a render strips.
CHARACTERS = st.sampled_from(list("ab س۱2 -/\"\\\n\t\r\x00\x07\x7f{}|") + ["\u200c", "😀"])
CELLS = st.one_of(
    st.text(CHARACTERS, max_size=8),
    st.sampled_from(["2024-03-20", " 1402/12/30 ", "۱۴۰۲-۰۱-۰۵", "not a date", "", "0001-01-01"]),
    st.integers(4_090, 4_100).map(lambda n: "x" * n),  # around the service's limits
)
PLACEHOLDERS = st.builds(lambda name, space, shown: "{{" + space + name + space + shown + "}}",
                         st.sampled_from(COLUMNS), st.sampled_from(["", " "]),
                         st.sampled_from(["", "|jalali", "| jalali ", "|upper"]))
TEXTS = st.lists(st.one_of(st.text(CHARACTERS, max_size=6), PLACEHOLDERS), max_size=5).map("".join)
ROWS = st.lists(st.fixed_dictionaries({name: CELLS for name in COLUMNS}), max_size=6)


def by_row(content: Content, rows: list[dict[str, str]]) -> list[str | None]:
    """What creating stores for each row: its message's JSON, or None when it has none."""
    made: list[str | None] = []
    for row in rows:
        try:
            made.append(to_json(content.render_wire(row)))
        except (RequestValidationError, RenderError):
            made.append(None)
    return made


def by_column(content: Content, rows: list[dict[str, str]]) -> list[str | None] | None:
    columns = {name: [row[name] for row in rows] for name in COLUMNS}
    made = wire_jsons(content, columns, len(rows))
    rendered = ColumnRender.of(content, columns, len(rows))
    if made is not None and rendered is not None:  # some rows alone: the same as among all
        some = list(range(len(rows)))[::2]
        assert rendered.jsons(some) == [made[n] for n in some]
        assert rendered.ok == [json is not None for json in made]
    longest = {name: max((len(row[name]) for row in rows), default=0) for name in COLUMNS}
    if fits_by_length(content, longest):  # the count renders only some rows then: every row has its message
        assert made is not None and None not in made
    return made


def checks(content: Content) -> bool:
    try:
        content.check(COLUMNS)
    except ValueError:
        return False
    return True


def at_the_limit(cells: tuple[str, ...] = ("x" * 4_096, "x" * 4_097, "۱" * 4_097, " " + "x" * 4_096 + "\x00")
                 ) -> list[dict[str, str]]:
    return [{"a": cell, "b": "", "تاریخ": ""} for cell in cells]


@settings(max_examples=300, deadline=None)
@given(text=TEXTS, secure=st.booleans(), rows=ROWS)
@example(text="{{a}}", secure=False, rows=at_the_limit())
def test_a_text_message_rendered_by_column_is_the_one_rendered_by_row(text: str, secure: bool,
                                                                       rows: list[dict[str, str]]) -> None:
    content = Content(kind="text", text=text, is_secure=secure)
    if not checks(content):
        return
    assert by_column(content, rows) == by_row(content, rows)


@settings(max_examples=200, deadline=None)
@given(fields=st.dictionaries(st.text(CHARACTERS, min_size=1, max_size=4), TEXTS, max_size=3),
       template=st.sampled_from(["welcome", "خوش\"آمد"]), secure=st.booleans(), rows=ROWS)
@example(fields={"name": "{{a}}", "empty": ""}, template="welcome", secure=True, rows=at_the_limit())
def test_a_template_rendered_by_column_is_the_one_rendered_by_row(fields: dict[str, str], template: str,
                                                                  secure: bool, rows: list[dict[str, str]]) -> None:
    content = Content(kind="template", template_id=template, text_fields=fields, is_secure=secure)
    if not checks(content):
        return
    assert by_column(content, rows) == by_row(content, rows)


@given(rows=ROWS, phones=st.lists(st.from_regex(r"989[0-9]{9}", fullmatch=True), min_size=6, max_size=6))
def test_repeat_keys_at_once_are_the_keys_creating_stores(rows: list[dict[str, str]], phones: list[str]) -> None:
    content = Content(kind="text", text="سلام {{a}}، {{ b }} تا {{تاریخ|jalali}}")
    jsons = by_column(content, rows)
    assert jsons is not None
    prefix = repeat_prefix("http://127.0.0.1:8765", 7)
    sent = [(phone, json) for phone, json in zip(phones, jsons) if json is not None]
    assert repeat_keys(prefix, [p for p, _ in sent], [j for _, j in sent]) == [
        repeat_key(prefix, phone, json) for phone, json in sent]


def test_what_the_column_path_does_not_render_is_left_to_the_row_path() -> None:
    rows = [{"a": "1234", "b": "x", "تاریخ": ""}]
    for content in (
        Content(kind="buttons", text="hi {{a}}", buttons=((ButtonSpec("go", url="https://example.com/{{b}}"),),)),
        Content(kind="otp", otp="{{a}}"),
        Content(kind="media", text="caption", file_id="file-1"),
        Content(kind="text", text="hi {{a}}", copy_text="{{b}}"),
        Content(kind="text", text="a private-use \ue000 character {{a}}"),
    ):
        assert by_column(content, rows) is None, content
    # A template the service refuses whatever the row (no id) is left to the row path, which says why.
    assert by_column(Content(kind="template", template_id="", text_fields={"n": "{{a}}"}), rows) is None


def test_a_character_no_message_can_carry_is_refused_before_anything_is_rendered() -> None:
    """Bytes that are not UTF-8 on a command line become lone surrogates: once, the dry run
    said nothing of them while the send failed with a traceback."""
    for content, where in (
        (Content(kind="text", text="hi \udcff {{a}}"), "text"),
        (Content(kind="template", template_id="welcome", text_fields={"who": "{{a}} \ud800"}), "text_fields.who"),
        (Content(kind="template", template_id="wel\udcffcome", text_fields={"who": "{{a}}"}), "template_id"),
    ):
        try:
            content.check(COLUMNS)
        except ContentError as refused:
            assert (refused.field, refused.problem.code) == (where, "broken_character")
        else:
            raise AssertionError(f"{content} passed the check")


def test_a_date_before_the_jalali_calendar_makes_its_row_invalid_not_a_crash() -> None:
    content = Content(kind="text", text="{{a|jalali}}")
    rows = [{"a": "0001-01-01", "b": "", "تاریخ": ""}, {"a": "2024-03-20", "b": "", "تاریخ": ""}]
    assert by_row(content, rows) == by_column(content, rows) == [None, '{"message": {"text": "۱۴۰۳/۰۱/۰۱"}}']


def test_the_longest_cells_tell_when_every_message_fits_and_only_then() -> None:
    text = Content(kind="text", text="Hi {{a}}, {{a}} and {{b}}")
    fixed = len("Hi ,  and ")
    assert fits_by_length(text, {"a": 2_000, "b": 4_096 - fixed - 4_000})
    assert not fits_by_length(text, {"a": 2_000, "b": 4_096 - fixed - 4_000 + 1})  # one over: render to see
    assert not fits_by_length(Content(kind="text", text="{{a}}"), {"a": 5})  # an empty cell: no message
    assert not fits_by_length(Content(kind="text", text="on {{تاریخ|jalali}}"), {"تاریخ": 10})  # a filter
    assert not fits_by_length(Content(kind="text", text="x", buttons=(ButtonSpec("go", url="https://a.example"),)),
                              {})  # rendered row by row
    template = Content(kind="template", template_id="welcome", text_fields={"name": "{{a}}", "shop": "x"})
    assert fits_by_length(template, {"a": 0}) and not fits_by_length(template, {"a": 10_000})
