"""A cell put into a button's address is percent-encoded for the part of the address it
stands in, so no value changes where the link goes or what it carries."""

from __future__ import annotations

import re
from typing import Any
from urllib.parse import parse_qs, unquote, urlsplit

from hypothesis import given
from hypothesis import strategies as st

from app.campaign import ButtonSpec, Content, button_warnings
from app.campaign.render import AddressPart, address_parts, render_address

TEMPLATE = "https://shop.example/p/{{item}}?id={{code}}&x=1#{{note}}"


def as_sent(value: str) -> str:
    """A cell as a message carries it: control characters (NUL, ESC…) dropped, trimmed."""
    return re.sub(r"[\x00-\x08\x0b\x0c\x0e-\x1f\x7f]", "", value).strip()


@given(item=st.text(min_size=1), code=st.text(min_size=1), note=st.text(min_size=1))
def test_any_value_stays_in_its_own_part_of_the_address(item: str, code: str, note: str) -> None:
    fields = {"item": item, "code": code, "note": note}
    link = urlsplit(render_address(TEMPLATE, fields))
    assert (link.scheme, link.netloc) == ("https", "shop.example")
    assert unquote(link.path) == f"/p/{as_sent(item)}"
    assert link.path.count("/") == 2  # a "/" in the value is not a new segment
    assert parse_qs(link.query, keep_blank_values=True) == {"id": [as_sent(code)], "x": ["1"]}
    assert unquote(link.fragment) == as_sent(note)


def test_a_cell_that_is_the_whole_address_goes_in_as_it_is_and_one_in_the_host_is_warned_of() -> None:
    assert render_address("{{link}}", {"link": "https://a.example/x?y=1"}) == "https://a.example/x?y=1"
    assert [part for _, part in address_parts("https://{{shop}}.example/{{p}}")] == [AddressPart.HOST,
                                                                                   AddressPart.PATH]
    assert button_warnings(ButtonSpec("go", url="https://{{shop}}.example/p")) == ["shop"]
    assert button_warnings(ButtonSpec("go", url="https://shop.example/{{p}}")) == []


def test_the_message_sent_carries_the_encoded_address() -> None:
    content = Content(kind="buttons", text="hi", buttons=((ButtonSpec("buy", url="https://s.example/p?id={{name}}&x=1"),
                                                           ButtonSpec("app", web_app_url="https://s.example/{{name}}")),))
    wire = str(content.render_wire({"name": "user 0&x=2#top"}))
    assert "'https://s.example/p?id=user%200%26x%3D2%23top&x=1'" in wire
    assert "'https://s.example/user%200%26x%3D2%23top'" in wire


def test_the_editor_tells_of_a_column_in_the_host_without_blocking(qtbot: Any) -> None:
    from app.ui.campaign.button_editor import ButtonEditor

    editor = ButtonEditor()
    qtbot.addWidget(editor)
    editor.add_button(0, "go", "url", "https://{{shop}}.example/p")
    assert editor.problems() == [] and "{{shop}}" in editor.warnings()[0]
    assert "host" in editor.problem_label.text()
