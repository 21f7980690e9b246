from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from app.contacts.phones import normalise, normalise_column
from app.reasons import reason_words

WIRE = "989121234567"


@pytest.mark.parametrize(
    "typed",
    [
        "09121234567",
        "9121234567",  # an Excel number that lost its leading zero
        "9121234567.0",  # float text
        "989121234567",
        "+989121234567",
        "00989121234567",
        "+98 912 123 4567",
        "0912-123-4567",
        "(0912) 123.4567",
        "۰۹۱۲۱۲۳۴۵۶۷",  # Persian digits
        "٠٩١٢١٢٣٤٥٦٧",  # Arabic-Indic digits
        "0912\u200c123\u200c4567",  # ZWNJ
        "\u200f09121234567\u200e",  # direction marks
        "\u202a+98 912 123 4567\u202c",
        " 0912 123 4567 ",
        "0912\u00a0123\u00a04567",
    ],
)
def test_forms_people_type_normalise_to_the_wire_form(typed: str) -> None:
    check = normalise(typed)
    assert check.valid, check.reason
    assert check.phone == WIRE


@pytest.mark.parametrize(
    ("typed", "reason_part"),
    [
        ("", "empty"),
        ("   ", "empty"),
        ("02188776655", "landline"),
        ("+14155550123", "foreign"),
        ("+447911123456", "foreign"),
        ("091212345", "digits"),
        ("091212345678", "digits"),
        ("9.12123E+09", "scientific notation"),
        ("0912abc4567", "letters"),
        ("12345", "not an Iranian mobile"),
    ],
)
def test_unusable_inputs_get_a_reason_a_person_understands(typed: str, reason_part: str) -> None:
    check = normalise(typed)
    assert check.phone is None
    assert reason_part in (reason_words(check.reason) or "")


def test_each_distinct_value_is_checked_once_and_results_stay_in_order() -> None:
    values = ["09121234567", "bad", "09121234567", "+989121234568"]
    phones, _ = normalise_column(values)
    assert phones.to_pylist() == [WIRE, None, WIRE, "989121234568"]


mobile_national = st.sampled_from(["912", "935", "901", "990", "921", "930"]).flatmap(
    lambda prefix: st.text("0123456789", min_size=7, max_size=7).map(lambda rest: prefix + rest)
)
PERSIAN = str.maketrans("0123456789", "۰۱۲۳۴۵۶۷۸۹")


@given(mobile_national, st.sampled_from(["0{n}", "{n}", "98{n}", "+98{n}", "0098{n}", "+98 {a} {b} {c}",
                                          "0{a}-{b}-{c}", "({a}) {b}.{c}", "0{a}\u200c{b}\u200c{c}", "{n}.0"]),
       st.booleans())
def test_any_valid_mobile_in_any_supported_form_gives_one_wire_form(national: str, form: str, persian: bool) -> None:
    typed = form.format(n=national, a=national[:3], b=national[3:6], c=national[6:])
    if persian:
        typed = typed.translate(PERSIAN)
    check = normalise(typed)
    assert check.phone == "98" + national, (typed, check.reason)


@given(st.text(max_size=40))
def test_normalisation_never_raises_and_is_idempotent(text: str) -> None:
    check = normalise(text)
    assert (check.phone is None) != (check.reason is None)
    if check.phone is not None:
        assert normalise(check.phone).phone == check.phone
        assert check.phone.startswith("98") and len(check.phone) == 12 and check.phone.isdigit()


typed_phone = st.builds(
    lambda national, form, persian: (form.format(n=national, a=national[:3], b=national[3:6], c=national[6:])
                                     .translate(PERSIAN if persian else {})),
    st.text("0123456789", min_size=10, max_size=10),
    st.sampled_from(["0{n}", "{n}", "98{n}", "+98{n}", "0098{n}", "+98 {a} {b} {c}", "0{a}-{b}-{c}", "{n}.0",
                     "({a}) {b}.{c}", "0{a}\u200c{b}\u200c{c}", "{a}{b}", "0{n}0"]),
    st.booleans(),
)


@given(st.lists(typed_phone | st.text(max_size=16) | st.none(), max_size=40))
def test_the_column_path_agrees_with_the_one_value_path(values: list[str | None]) -> None:
    from app.contacts.phones import normalise_column

    phones, reasons = normalise_column(values)
    for value, phone, reason in zip(values, phones.to_pylist(), reasons.to_pylist()):
        expected = normalise(value or "")
        assert (phone, reason) == (expected.phone, expected.reason), value
