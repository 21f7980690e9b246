"""Pacing at the service's limit (docs/architecture.md, "Pacing"): the model's promise that
no minute gets more starts than the limit it knows, and what a campaign achieves against a
service that refuses over its limit, on a simulated clock (tests/pace_simulation.py), then
the pace kept in the stores and told to the user."""

from __future__ import annotations

import asyncio
import contextlib
import time
from collections.abc import Generator
from pathlib import Path

import httpx
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from app.campaign.definition import Content
from app.campaign.journal.pace import StoreBook
from app.campaign.pacer import MAX_HOLD, WINDOW, MemoryBook, PaceState, Pacer, book_starts
from app.sandbox import EmbeddedSandbox
from app.jobs.store import open_store
from tests.helpers import fast_settings
from tests.pace_simulation import Sender, Simulation, accepted_between, settled_after

# --- the model ------------------------------------------------------------------------


def most_in_a_minute(starts: list[float]) -> int:
    """The most starts any minute holds, counted as the service counts: (t - 60, t]."""
    starts = sorted(starts)
    most, first = 0, 0
    for last, at in enumerate(starts):
        while starts[first] <= at - WINDOW:
            first += 1
        most = max(most, last - first + 1)
    return most


@settings(max_examples=150, deadline=None)
@given(limit=st.integers(6, 1200), wanted=st.sampled_from([0.5, 1.0]),
       bookings=st.lists(st.tuples(st.floats(0, 30), st.integers(1, 40)), min_size=1, max_size=60))
def test_no_minute_gets_more_starts_than_the_limit_known(limit: int, wanted: float,
                                                        bookings: list[tuple[float, int]]) -> None:
    # Whenever the sender books, and however many at once: the schedule keeps the limit.
    state = PaceState(limit=float(limit))
    now, starts = 0.0, []
    for gap, count in bookings:
        now += gap
        starts += book_starts(state, now, count, wanted * limit)
    assert most_in_a_minute(starts) <= limit
    assert starts == sorted(starts) and starts[0] >= 0


# --- a campaign against a service that refuses over its limit (simulated clock) -------------


def run(sim: Simulation, until: float) -> None:
    sim.run(until=until)


@pytest.mark.parametrize("limit", [60, 300, 1200])
@pytest.mark.parametrize("rate", ["twice", "unpaced"])
@pytest.mark.parametrize(("in_flight", "latency"), [(1, 0.05), (8, 0.05), (8, 0.4)])
def test_a_campaign_above_the_limit_runs_at_it_with_few_refusals(limit: int, rate: str, in_flight: int,
                                                                   latency: float) -> None:
    sim = Simulation(limit)
    sender = Sender(sim, 100_000, 2 * limit if rate == "twice" else 0, sim.book(), in_flight, latency)
    run(sim, 360)
    per_minute = [accepted_between(sim.service.accepted, t, t + 60) for t in range(60, 360, 60)]
    if in_flight == 1 and latency * limit / 60 > 0.9:  # one at a time cannot reach the limit: not a pace matter
        return
    assert sum(per_minute) >= 0.9 * limit * len(per_minute) and min(per_minute) >= 0.66 * limit, per_minute
    # After the first minute (the limit unknown until the first refusal): what probing costs,
    # at most 2 % of the messages, or two and a half refusals a minute under a low limit.
    refused = accepted_between(sim.service.refused, 60, 360)
    assert refused <= max(2.5 * 5, 0.02 * sender.sent), (refused, sender.sent)


@pytest.mark.parametrize("in_flight", [1, 4])
def test_a_limit_per_second_is_kept_under_with_few_refusals(in_flight: int) -> None:
    # Outside the model (a minute's limit): five a second, no limit a minute, asked for 1,200.
    sim = Simulation(0, burst=5)
    Sender(sim, 100_000, 1200, sim.book(), in_flight)
    run(sim, 240)
    assert accepted_between(sim.service.accepted, 60, 240) >= 0.75 * 3 * 300
    assert accepted_between(sim.service.refused, 60, 240) <= 0.05 * accepted_between(sim.service.accepted, 60, 240)


def test_a_campaign_under_the_limit_keeps_its_own_rate_evenly_and_is_never_refused() -> None:
    sim = Simulation(300)
    sender = Sender(sim, 200, 120, sim.book(), in_flight=4)
    run(sim, 120)
    gaps = {round(b - a, 6) for a, b in zip(sim.service.accepted, sim.service.accepted[1:])}
    assert sender.sent == 200 and sender.refusals == 0 and gaps == {0.5}


def test_two_campaigns_of_one_key_share_its_limit() -> None:
    sim = Simulation(600)
    book = sim.book()
    first = Sender(sim, 100_000, 0, book)
    second = Sender(sim, 100_000, 0, book, start=90.0)
    run(sim, 300)
    together = [accepted_between(sim.service.accepted, t, t + 60) for t in (120, 180, 240)]
    assert min(together) >= 0.9 * 600, together
    assert first.refusals + second.refusals <= 0.02 * (first.sent + second.sent)
    assert first.pacer.sharing == second.pacer.sharing == 0  # a memory book does not count senders


def test_the_one_left_of_two_senders_of_a_key_goes_on_at_the_limit_every_second() -> None:
    """Both start before the limit is known: the first minute goes in its first half, the
    second half waits. That wait is not caught up at twice the pace (only a raised estimate
    is), so no burst echoes a minute later as a stall of the one left."""
    sim = Simulation(600)
    book = sim.book()
    first = Sender(sim, 600, 600, book)
    Sender(sim, 1200, 600, book)
    while first.left > 0 or first.out > 0:
        run(sim, sim.clock.now + 1.0)
    ended = sim.clock.now
    run(sim, ended + 60)
    per_5s = [accepted_between(sim.service.accepted, t, t + 5) for t in range(int(ended) + 15, int(ended) + 45, 5)]
    assert min(per_5s) >= 0.9 * 50, per_5s  # 600 a minute: 50 in every 5 s
    assert max(accepted_between(sim.service.accepted, t, t + 5) for t in range(60, int(ended), 5)) <= 55


def test_a_resumed_campaign_goes_on_at_the_limit_learned_before_its_pause() -> None:
    sim = Simulation(600)
    book = sim.book()
    before = Sender(sim, 100_000, 0, book)
    run(sim, 120)
    before.stopped = True  # paused
    run(sim, 150)
    after = Sender(sim, 100_000, 0, book, start=150.0)  # resumed: a new engine, the key's book
    run(sim, 270)
    assert accepted_between(sim.service.accepted, 150, 210) >= 0.9 * 600
    assert after.refusals <= 0.02 * after.sent  # what probing for a raised limit costs


@pytest.mark.parametrize("lowered", [300, 400, 450])
@pytest.mark.parametrize("phase", [0.0, 4.5, 9.0])
def test_a_changed_limit_is_settled_at_within_seconds_each_way(lowered: int, phase: float) -> None:
    """Lowered: the service refuses until its own minute drains to the new limit (a sender
    that knew it at once would wait as long); settled within 5 s of that. Raised back to
    the level the key held: settled within 15 s (issue 33)."""
    sim = Simulation(600)
    sender = Sender(sim, 100_000, 1200, sim.book())
    sender.pacer = Pacer(1200, sim.clock, book=MemoryBook(sim.clock, limit=600))
    run(sim, 120 + phase)
    sim.service.limit = lowered
    run(sim, 240 + phase)
    sim.service.limit = 600
    run(sim, 420)
    drained = (600 - lowered) / 600 * 60  # the service's minute, full at 600, down to the new limit
    down = settled_after(sim.service.accepted, 120 + phase, lowered)
    up = settled_after(sim.service.accepted, 240 + phase, 600)
    assert down is not None and down <= drained + 5, (down, drained)
    assert up is not None and up <= 15, up
    assert accepted_between(sim.service.refused, 150, 420) <= 0.02 * accepted_between(sim.service.accepted, 150, 420)


def test_a_limit_raised_over_any_level_held_is_probed_a_step_at_a_time() -> None:
    """No level to regain: each step waits until the minute holds the estimate, so a limit
    that did not rise costs a refusal, never a minute's burst over it."""
    sim = Simulation(300)
    sender = Sender(sim, 100_000, 1200, sim.book())
    run(sim, 180)
    sim.service.limit = 600
    run(sim, 195)
    assert sender.pacer.limit is not None and sender.pacer.limit <= 1.2 * 300  # no level to jump back to
    run(sim, 480)
    assert accepted_between(sim.service.accepted, 420, 480) >= 0.9 * 600  # found within four minutes
    assert sender.pacer.limit <= 1.1 * 600
    still = Simulation(300)
    Sender(still, 100_000, 1200, still.book())
    run(still, 420)
    assert accepted_between(still.service.refused, 120, 420) <= 0.02 * accepted_between(still.service.accepted, 120, 420)


def test_a_documented_limit_is_kept_from_the_first_message() -> None:
    # One-time passwords: 300 a minute per member (spec 8), known before any refusal.
    sim = Simulation(300)
    sender = Sender(sim, 1000, 0, sim.book())
    sender.pacer = Pacer(0, sim.clock, book=sim.book(), ceiling=300)
    run(sim, 200)
    assert sender.refusals == 0 and accepted_between(sim.service.accepted, 0, 60) >= 0.9 * 300


# --- the pacer's own clock ------------------------------------------------------------------


class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0
        self.sleeps: list[float] = []

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.sleeps.append(seconds)
        self.now += seconds


async def test_starts_are_even_at_the_set_rate() -> None:
    clock = FakeClock()
    pacer = Pacer(120, clock, clock.sleep)
    starts = []
    for _ in range(5):
        await pacer.wait()
        starts.append(clock.now)
    assert [round(b - a, 6) for a, b in zip(starts, starts[1:])] == [0.5] * 4


async def test_a_slow_spell_is_not_caught_up_in_a_burst() -> None:
    clock = FakeClock()
    pacer = Pacer(60, clock, clock.sleep)
    await pacer.wait()
    clock.now += 10  # the sender was held up for ten starts
    await pacer.wait()
    before = clock.now
    await pacer.wait()
    assert clock.now - before == pytest.approx(1.0)


class CountedBook(MemoryBook):
    """A book that counts how often it is opened (the store's reads and writes)."""

    def __init__(self, clock: FakeClock) -> None:
        super().__init__(clock)
        self.opened = 0

    @contextlib.contextmanager
    def open(self) -> Generator[tuple[PaceState, float], None, None]:
        self.opened += 1
        with super().open() as opened:
            yield opened


@given(rate=st.sampled_from([0, 30, 600, 6000]), gaps=st.lists(st.floats(0, 2), min_size=1, max_size=60),
       refused=st.sets(st.integers(0, 59)))
@settings(max_examples=60, deadline=None)
def test_the_engine_is_told_exactly_which_starts_open_the_book(rate: float, gaps: list[float],
                                                                refused: set[int]) -> None:
    """Only a start that opens the book goes off the event loop (a thread's hop per
    message cost the engine half its CPU): will_book() must say so before each."""
    clock = FakeClock()
    book = CountedBook(clock)
    pacer = Pacer(rate, clock, clock.sleep, book=book)
    for index, gap in enumerate(gaps):
        clock.now += gap
        before, told = book.opened, pacer.will_book()
        clock.now += pacer.reserve()
        assert (book.opened > before) == told, (index, told)
        if index in refused:
            pacer.on_rate_limited(retry_after=None)
        else:
            pacer.on_accepted()
        pacer.answered()


async def test_rate_zero_is_unpaced() -> None:
    clock = FakeClock()
    pacer = Pacer(0, clock, clock.sleep)
    for _ in range(3):
        await pacer.wait()
    assert clock.sleeps == [] and pacer.rate_per_minute == 0


async def test_retry_after_holds_every_start_up_to_a_minute() -> None:
    clock = FakeClock()
    pacer = Pacer(600, clock, clock.sleep)
    await pacer.wait()
    pacer.on_rate_limited(retry_after=5)
    await pacer.wait()
    assert clock.now == pytest.approx(5, abs=0.2)
    pacer.on_rate_limited(retry_after=3600)
    await pacer.wait()
    assert 5 + MAX_HOLD - 1 <= clock.now <= 5 + MAX_HOLD + 1


def test_refusals_never_take_the_pace_to_zero() -> None:
    clock = FakeClock()
    pacer = Pacer(1200, clock)
    for _ in range(1000):
        clock.now += 1
        pacer.reserve()
        pacer.on_rate_limited()
        pacer.answered()
    assert pacer.limit is not None and pacer.rate_per_minute >= 6


# --- the pace kept in the store --------------------------------------------------------------


@pytest.mark.usefixtures("each_store")
def test_the_limit_learned_stays_with_the_key_for_the_next_run() -> None:
    journal = open_store()
    pacer = journal.pacer(0, "key-a", time.monotonic, asyncio.sleep, who="1@a")
    for _ in range(50):
        pacer.reserve()
        pacer.answered()
    pacer.on_rate_limited()  # 50 started within a second, and the service refused the 50th
    assert pacer.limit is not None and pacer.limit >= 49 * 60 / 2  # taken for a rate: the fall finds a minute's
    later = journal.pacer(0, "key-a", time.monotonic, asyncio.sleep, who="2@a")
    assert later.limit == pacer.limit and later.rate_per_minute == pytest.approx(pacer.limit)
    assert journal.pacer(0, "key-b", time.monotonic, asyncio.sleep, who="2@a").limit is None
    journal.close()


@pytest.mark.usefixtures("each_store")
def test_senders_of_one_key_are_told_they_share_it() -> None:
    journal = open_store()
    mine = journal.pacer(0, "key-a", time.monotonic, asyncio.sleep, who="1@a", ceiling=600)
    theirs = journal.pacer(0, "key-a", time.monotonic, asyncio.sleep, who="2@b", ceiling=600)
    mine.reserve()
    theirs.reserve()
    mine.answered()
    for _ in range(20):  # a block of the schedule is booked now and then
        mine.reserve()
        mine.answered()
    assert mine.sharing == 1 and mine.limit == 600
    journal.close()


@pytest.mark.usefixtures("each_store")
def test_a_store_that_fails_under_the_pace_is_told_as_the_stores_sentence() -> None:
    from app.campaign.journal import JournalError

    journal = open_store()
    pacer = journal.pacer(600, "key-a", time.monotonic, asyncio.sleep, who="1@a")
    with journal.transaction():  # a driver error under the book: the engine pauses on a JournalError only
        journal.db.execute("DROP TABLE pace_starts")
    with pytest.raises(JournalError):
        pacer.reserve()
    with pytest.raises(JournalError):
        pacer.on_rate_limited()
    journal.close()


# --- what the user is told ---------------------------------------------------------------------


def test_the_command_line_tells_the_limit_and_who_shares_it_once_each_change(
        capsys: pytest.CaptureFixture[str]) -> None:
    from app.campaign.progress import Progress
    from app.cli.progress import ProgressPrinter

    printer = ProgressPrinter()
    counts = {"sent": 1, "failed": 0, "unknown": 0, "pending": 9, "in_flight": 0, "skipped": 0, "total": 10}
    for sharing in (0, 1, 1):
        printer(Progress(1, counts, "running", pace_per_minute=150, slowed=True, limit=300, sharing=sharing))
    told = [line for line in capsys.readouterr().out.splitlines() if "allows" in line]
    assert told == ["the service allows about 300 a minute: pacing at 150 per minute",
                    "the service allows about 300 a minute; sharing it with 1 other campaign: pacing at 150 per "
                    "minute"]


# --- the sandbox's limits, changed while it runs ----------------------------------------------


def test_the_sandbox_limit_is_changed_while_it_runs() -> None:
    from app.sandbox.state import DEMO_API_KEY

    with EmbeddedSandbox(fast_settings(rate_per_minute=0, burst_per_second=0)) as sandbox:
        assert httpx.post(f"{sandbox.url}/sandbox/limits", json={"rate_per_minute": 2}).json() == {
            "rate_per_minute": 2, "burst_per_second": 0}
        answers = [httpx.post(f"{sandbox.url}/api/v3/send_message", headers={"api-access-key": DEMO_API_KEY},
                              json={"bot_id": 1001, "phone_number": f"98912000000{i}", "message_data": {
                                  "message": {"text": "x"}}}).status_code for i in range(3)]
        assert answers == [200, 200, 429]
        for wrong, said in (({"rate": 5}, "rate: not a limit"), ({"rate_per_minute": -1}, "a whole number"),
                            ({"burst_per_second": 1.5}, "a whole number"), ([], "a JSON object")):
            refused = httpx.post(f"{sandbox.url}/sandbox/limits", json=wrong)
            assert refused.status_code == 400 and said in refused.json()["error"]


@pytest.mark.usefixtures("each_store")
def test_a_pace_row_written_by_hand_stalls_nobody_longer_than_a_retry_after() -> None:
    journal = open_store()
    journal.pacer(600, "key-a", time.monotonic, asyncio.sleep, who="1@a").reserve()
    with journal.transaction():  # as a member could, with psql
        journal.db.execute("UPDATE pace SET rate = 0.001, next_slot = 1e12, hold_until = 1e12, proven = -5,"
                           " peak = 1e12 WHERE key = 'key-a'")
    pacer = journal.pacer(600, "key-a", time.monotonic, asyncio.sleep, who="2@a")
    assert pacer.reserve() <= MAX_HOLD + 0.5 and pacer.limit is not None and 6 <= pacer.limit <= 12
    with StoreBook(journal, "key-a", "3@a").open() as (state, _):
        # a peak written by hand lets a probe climb only while a full minute answers it
        assert state.proven >= 0 and state.limit is not None and state.limit <= 12
    journal.close()


# --- over the sandbox ------------------------------------------------------------------------


@pytest.mark.usefixtures("each_store")
async def test_two_campaigns_of_one_key_share_the_sandboxs_limit_and_say_so(tmp_path: Path) -> None:
    # Twenty a second (no limit a minute, so the test takes seconds): both finish, each
    # number once, refused seldom, and each was told it shares the key.
    from app.api import SafirClient
    from app.campaign import CampaignEngine, CampaignStatus
    from app.sandbox.state import DEMO_API_KEY
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet
    from tests.helpers import delivered

    with EmbeddedSandbox(fast_settings(burst_per_second=20)) as sandbox:
        journal = open_store()
        made = []
        for first in (1, 1001):
            path = tmp_path / f"{first}.csv"
            path.write_text("name,mobile\n" + "".join(f"n{i},0912{i:07d}\n" for i in range(first, first + 30)))
            made.append(create_campaign(journal, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                        bot_id=1001, base_url=sandbox.url, rate_per_minute=0, in_flight=4))
        shared: list[int] = []
        async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
            engines = [CampaignEngine(journal, client, on_progress=lambda p: shared.append(p.sharing)) for _ in made]
            results = await asyncio.gather(*(e.run(c) for e, c in zip(engines, made)))
        assert [r.status for r in results] == [CampaignStatus.FINISHED] * 2
        phones = [m["phone_number"] for m in delivered(sandbox)]
        assert len(phones) == len(set(phones)) == 60
        refused = httpx.get(f"{sandbox.url}/sandbox/state").json()["errors_by_code"].get("3", 0)
        assert refused <= 12, refused
        assert max(shared) == 1
        journal.close()
