"""Authority by the database (docs/team.md, "Members and roles"): each person signs in with a
PostgreSQL login of their own, over password authentication (scram-sha-256), and what
their role may do is enforced by the store itself, so the command line and psql give the
same answers, and no environment variable makes anyone someone else."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import psycopg
import pytest

from app.campaign import CampaignStatus, Content, StopRequest
from app.campaign.journal import JournalError, NewRecipient
from app.campaign.journal.team import TeamJournal
from app.jobs.creating import create_campaign
from app.jobs.sheet import check_sheet
from app.reasons import pause_reason
from app.sandbox import EmbeddedSandbox
from tests.helpers import REPO, delivered, fast_settings
from tests.pg_server import ThrowawayServer
from tests.helpers.team import Desktop, each_once, sheet
from tests.helpers import processes


class Team:
    """One team store on the session's server, its owner's desktop, and its members'."""

    def __init__(self, server: ThrowawayServer, tmp_path: Path) -> None:
        self.url, self.owner_password = server.new_database()
        self.port, self.database = server.port, self.url.rsplit("/", 1)[1]
        self.tmp_path = tmp_path
        self.owner = Desktop(tmp_path / "owner", self.url, self.owner_password)
        self.admin_url = server.admin_url()

    def member_url(self, name: str) -> str:
        return f"postgresql://{name}@127.0.0.1:{self.port}/{self.database}"

    def desktop(self, name: str, **env: str) -> Desktop:
        return Desktop(self.tmp_path / name, self.member_url(name), f"{name}-password", **env)

    def add(self, by: Desktop, name: str, role: str) -> subprocess.CompletedProcess[str]:
        """``team add`` run by ``by``: with the member's password when the server has no such
        login yet (logins are the whole server's; another test's store may have made it)."""
        with psycopg.connect(self.admin_url, autocommit=True) as admin:
            known = admin.execute("SELECT 1 FROM pg_roles WHERE rolname = %s", (name,)).fetchone() is not None
        return processes.run([sys.executable, "-m", "app", "team", "add", name, "--role", role, "--password-stdin"],
                              input="\n" if known else f"{name}-password\n", capture_output=True, text=True,
                              env=by.env, cwd=REPO, timeout=60)

    def psql(self, name: str, sql: str) -> subprocess.CompletedProcess[str]:
        """``sql`` run by ``name`` through psql, with their own password."""
        return subprocess.run(["psql", "-X", "-v", "ON_ERROR_STOP=1", "-h", "127.0.0.1", "-p", str(self.port), "-U",
                               name, "-d", self.database, "-c", sql], capture_output=True, text=True, timeout=30,
                              env={**os.environ, "PGPASSWORD": f"{name}-password"})


@pytest.fixture
def team(postgres_server: ThrowawayServer, tmp_path: Path) -> Team:
    made = Team(postgres_server, tmp_path)
    assert made.owner.run("store", "check").returncode == 0  # the owner sets the store up
    return made


def first_number(table: str) -> int:
    """The first value of psql's table output (a row's first column) that is a whole number."""
    return int(next(cell for line in table.splitlines() if (cell := line.split("|")[0].strip()).isdigit()))


def one_sentence_exit_2(done: subprocess.CompletedProcess[str], *words: str) -> None:
    assert done.returncode == 2, (done.stdout, done.stderr)
    lines = [line for line in done.stderr.splitlines() if line.strip()]
    assert len(lines) == 1 and "Traceback" not in done.stderr, done.stderr
    assert all(w in lines[0] for w in words), lines[0]


def test_a_sender_waits_for_an_approver_and_nobody_talks_past_the_store(team: Team, tmp_path: Path) -> None:
    for name, role in (("alice", "sender"), ("bob", "approver"), ("vic", "viewer")):
        added = team.add(team.owner, name, role)
        assert added.returncode == 0, added.stderr
    assert team.owner.run("approval", "--require").returncode == 0
    alice, bob, vic = team.desktop("alice"), team.desktop("bob"), team.desktop("vic")
    path = sheet(tmp_path, "s.csv", 1, 12)
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = alice.run("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--text", "hi {{name}}",
                         "--rate", "600")
        assert made.returncode == 3 and "awaits approval" in made.stderr, made.stderr
        assert delivered(sandbox) == []

        # alice may not approve her own campaign, whoever her environment says she is
        posing = Desktop(tmp_path / "alice", team.member_url("alice"), "alice-password", USER="bob", LOGNAME="bob")
        one_sentence_exit_2(posing.run("approve", "1"), "approver role", "alice")
        one_sentence_exit_2(alice.run("approval", "--off"), "admin role", "alice")
        one_sentence_exit_2(alice.run("cap", "--max", "3", "--days", "7"), "admin role")
        refused = team.psql("alice", "DELETE FROM audit")
        assert refused.returncode != 0 and "permission denied for table audit" in refused.stderr
        refused = team.psql("alice", "UPDATE campaigns SET approval = 'approved' WHERE id = 1")
        assert refused.returncode != 0 and "permission denied" in refused.stderr
        refused = team.psql("alice", "SELECT safir_decide(1, true, NULL, 'x')")
        assert refused.returncode != 0 and "needs the approver role" in refused.stderr
        refused = team.psql("alice", "UPDATE shared_settings SET value = '{\"required\": false}' WHERE key = 'approval'")
        assert refused.returncode == 0 and "UPDATE 0" in refused.stdout  # row security: the rule is not hers to see changed

        # vic may look, not send
        one_sentence_exit_2(vic.run("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "600",
                                    "--text", "x {{name}}"),
                            "sender role", "vic")
        one_sentence_exit_2(vic.run("resume", "1", "--base-url", sandbox.url), "sender role", "vic")
        assert "awaiting approval" in vic.run("list").stdout

        approved = bob.run("approve", "1")
        assert approved.returncode == 0 and "approved by bob" in approved.stdout, approved.stderr
        sent = alice.run("resume", "1", "--base-url", sandbox.url)
        assert sent.returncode == 0, sent.stderr
        counts = each_once(sandbox)
    assert len(counts) == 12 and set(counts.values()) == {1}
    with TeamJournal(team.url, tmp_path / "owner" / "journal.sqlite3", password=team.owner_password) as journal:
        campaign = journal.campaigns.get(1)
        assert campaign.status == CampaignStatus.FINISHED
        assert campaign.created_by == "alice" and campaign.approved_by == "bob"
        trail = [(a["action"], a["os_user"]) for a in journal.audit_trail.entries(1)]
    assert ("created", "alice") in trail and ("approved", "bob") in trail
    assert all(who in ("alice", "bob") for _, who in trail), trail  # nobody else acted on it


def test_an_approver_cannot_approve_a_campaign_of_their_own(team: Team, tmp_path: Path) -> None:
    assert team.add(team.owner, "bob", "approver").returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    bob = team.desktop("bob")
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = bob.run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url, "--bot-id", "1001",
                       "--rate", "600", "--text", "hi")
        assert made.returncode == 3 and "awaits approval" in made.stderr, made.stderr
        one_sentence_exit_2(bob.run("approve", "1"), "bob made this campaign", "another approver")
        assert delivered(sandbox) == []
    refused = team.psql("bob", "SELECT safir_decide(1, true, NULL, 'x')")
    assert refused.returncode != 0 and "another approver must approve" in refused.stderr


def test_roles_change_and_every_mistake_is_one_sentence(team: Team) -> None:
    assert team.add(team.owner, "ann", "admin").returncode == 0
    ann = team.desktop("ann")
    assert team.add(ann, "carl", "sender").returncode == 0
    changed = ann.run("team", "role", "carl", "approver")
    assert changed.returncode == 0 and "carl is now an approver" in changed.stdout, changed
    listed = ann.run("team", "list").stdout
    assert "carl: approver" in listed and "ann: admin (you)" in listed and "owner" in listed
    one_sentence_exit_2(ann.run("team", "role", "nobody", "sender"), "nobody is not a member")
    one_sentence_exit_2(ann.run("team", "role", "ann", "viewer"), "last admin")
    one_sentence_exit_2(team.desktop("carl").run("team", "add", "dan", "--role", "admin", "--password-stdin"),
                        "admin role", "carl")
    wrong = Desktop(team.tmp_path / "carl2", team.member_url("carl"), "not-his-password")
    one_sentence_exit_2(wrong.run("list"), "refused the login of carl")
    assert ann.run("team", "remove", "carl").returncode == 0
    one_sentence_exit_2(team.desktop("carl").run("list"), "carl")  # no role: not even a look


def test_a_member_removed_while_sending_is_paused_and_nothing_is_lost(team: Team, tmp_path: Path) -> None:
    assert team.add(team.owner, "alice", "sender").returncode == 0
    alice = team.desktop("alice")
    with EmbeddedSandbox(fast_settings()) as sandbox:
        sending = alice.start("send", sheet(tmp_path, "s.csv", 1, 100), "--base-url", sandbox.url, "--bot-id", "1001",
                              "--text", "hi {{name}}", "--rate", "600")
        while len(delivered(sandbox)) < 10:
            time.sleep(0.05)
        removed = team.owner.run("team", "remove", "alice")
        assert removed.returncode == 0, removed.stderr
        _, err = sending.communicate(timeout=60)
        assert sending.returncode == 3 and "alice" in err and "Traceback" not in err, err
        with TeamJournal(team.url, tmp_path / "owner" / "journal.sqlite3", password=team.owner_password) as journal:
            campaign = journal.campaigns.get(1)
            assert campaign.status == CampaignStatus.PAUSED
            # the store's own function paused it, and says why as a reason code, not a sentence
            assert campaign.reason is not None and campaign.reason.code == "member_removed", campaign.status_reason
            assert "alice" in campaign.reason.arguments()["member"]
        resumed = team.owner.run("resume", "1", "--base-url", sandbox.url)
        assert resumed.returncode == 0, resumed.stderr
        counts = each_once(sandbox)
    assert len(counts) == 100 and set(counts.values()) == {1}


def test_store_copy_brings_this_desktops_rules_into_a_team_without_them_or_says_which_differ(
        team: Team, tmp_path: Path) -> None:
    desktop = Desktop(tmp_path / "desk", "", team.owner_password, SAFIR_CAMPAIGN_STORE="")  # its own journal
    assert desktop.run("cap", "--max", "2", "--days", "7").returncode == 0
    assert desktop.run("approval", "--require", "--approver", "manager").returncode == 0
    first = desktop.run("store", "copy", "--to", team.url)
    assert first.returncode == 0 and "frequency cap and approval rule became the team's" in first.stdout, first
    assert "at most 2 messages" in team.owner.run("cap").stdout
    assert "approver role" in team.owner.run("approval").stdout
    assert desktop.run("cap", "--max", "3", "--days", "7").returncode == 0
    again = desktop.run("store", "copy", "--to", team.url)
    assert again.returncode == 0 and "the team's frequency cap stays: at most 2" in again.stdout, again
    assert "this desktop's was: at most 3" in again.stdout and "approval" not in again.stdout


def test_what_a_member_bypassing_the_app_tries_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    """Each of these was done through psql by a sender in a review: every one now meets the
    store's privileges, row security or its functions."""
    for name, role in (("alice", "sender"), ("bob", "approver")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    bob = team.desktop("bob")
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = team.desktop("alice").run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url,
                                          "--bot-id", "1001", "--rate", "600", "--text", "approved text {{name}}")
        assert made.returncode == 3, made.stderr
        assert bob.run("approve", "1").returncode == 0
    refused = {
        "a new message for an approved campaign's rows":
            "UPDATE recipients SET message_data = '{\"message\": {\"text\": \"not approved\"}}' WHERE campaign_id = 1",
        "another phone": "UPDATE recipients SET phone = '989121111111' WHERE campaign_id = 1",
        "a row added to an approved campaign":
            "INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, message_data, request_id, state)"
            " VALUES (1, 99, 'x', '989121111111', 'valid', '{}', 'r-99', 'pending')",
        "another service (its key would go there)": "UPDATE campaigns SET base_url = 'https://evil.example' WHERE id = 1",
        "the cap ignored after approval": "UPDATE campaigns SET ignore_cap = 1 WHERE id = 1",
        "a campaign made a test, which the cap does not count": "UPDATE campaigns SET test_send = 1 WHERE id = 1",
        "ids of one's own (blocking the sequence)":
            "INSERT INTO audit (id, at, action, os_user, machine) VALUES (1000000, 'x', 'note', 'x', 'x')",
        "an approval forged in the audit trail":
            "INSERT INTO audit (at, campaign_id, action, os_user, machine) VALUES ('x', 1, 'approved', 'bob', 'x')",
        "another store's login given a password": "SELECT safir_add_member('bob', 'admin', 'x', 'm')",
    }
    for what, sql in refused.items():
        done = team.psql("alice", sql)
        assert done.returncode != 0, f"{what}: {done.stdout}"
    with EmbeddedSandbox(fast_settings()) as sandbox:
        sent = team.desktop("alice").run("resume", "1", "--base-url", sandbox.url)
        assert sent.returncode == 0, sent.stderr
    after_sending = {
        "taken back to being made, to add rows": "UPDATE campaigns SET status = 'creating' WHERE id = 1",
        "a finished campaign started again": "UPDATE campaigns SET status = 'paused' WHERE id = 1",
        "a sent row made pending again": "UPDATE recipients SET state = 'pending' WHERE campaign_id = 1",
        "a sent row's outcome rewritten (a fourth attack)":
            "UPDATE recipients SET message_id = 'forged', error_code = 20, verdict = 'invalid' WHERE campaign_id = 1",
        "the list's version pushed out of range": "UPDATE store_meta SET value = 9223372036854775807",
        "an approval forged with a twist": "INSERT INTO audit (at, campaign_id, action, os_user, machine)"
                                           " VALUES ('x', 1, ' Approved', 'bob', 'x')",
    }
    for what, sql in after_sending.items():
        done = team.psql("alice", sql)
        assert done.returncode != 0, f"{what}: {done.stdout}"
    times = "SELECT string_agg(updated_at, ',' ORDER BY row) FROM recipients WHERE campaign_id = 1"
    sent_at = team.psql("alice", times).stdout
    touched = team.psql("alice", "UPDATE recipients SET sms_status = sms_status WHERE campaign_id = 1")
    assert touched.returncode == 0 and team.psql("alice", times).stdout == sent_at  # the cap's times stay
    done = team.psql("bob", "SELECT safir_retarget(1, 1002, NULL, ARRAY[1])")  # finished, and not his
    assert done.returncode != 0 and "safir:not_stopped:campaign=1;status=finished" in done.stderr, done
    done = team.psql("alice", "UPDATE campaigns SET ready_seq = 9223372036854775807 WHERE id = 1")
    assert done.returncode == 0  # allowed, and ignored: the store orders readiness itself
    with TeamJournal(team.url, tmp_path / "owner" / "journal.sqlite3", password=team.owner_password) as journal:
        campaign = journal.campaigns.get(1)
        assert campaign.approval == "approved" and not campaign.ignore_cap and campaign.ready_seq is not None
        assert campaign.ready_seq < 1000
        assert campaign.status == "finished" and journal.recipients.counts(1).sent == 3
        assert {r.message_data["message"]["text"] for r in journal.recipients.listed(1)} == {
            f"approved text n{i}" for i in range(1, 4)}
    # A follow-up of an approved campaign is a new send: it waits for an approver too.
    child = team.psql("alice", "INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute,"
                      " in_flight, base_url, status, parent_id) SELECT created_at, name, kind, content, bot_id,"
                      " rate_per_minute, in_flight, base_url, 'ready', 1 FROM campaigns WHERE id = 1 RETURNING approval")
    assert child.returncode == 0 and "awaiting" in child.stdout, child
    # A test send, which the cap does not count, has one recipient: a campaign cannot pass as one.
    test_send = ("INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute, in_flight, base_url,"
                 " status, test_send) VALUES ('x', 't', 'text', '{{}}', 1001, 0, 1, 'u', 'creating', 1);"
                 " INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, message_data, request_id,"
                 " state) VALUES ((SELECT max(id) FROM campaigns), {row}, 'x', '989121111111', 'valid', '{{}}',"
                 " 'r-t{row}', 'pending')")
    assert team.psql("alice", test_send.format(row=1)).returncode == 0
    second = team.psql("alice", test_send.format(row=2))
    assert second.returncode != 0 and "row-level security" in second.stderr, second


def test_an_admin_of_one_store_cannot_touch_another_stores_people(
        postgres_server: ThrowawayServer, tmp_path: Path) -> None:
    first, second = Team(postgres_server, tmp_path / "a"), Team(postgres_server, tmp_path / "b")
    for team in (first, second):
        assert team.owner.run("store", "check").returncode == 0
    assert first.add(first.owner, "carol", "admin").returncode == 0  # the first store's admin
    assert second.add(second.owner, "dave", "admin").returncode == 0
    dave = second.desktop("dave")
    # dave may give carol a role on his store, but never a password of his choosing, nor the owner of the first
    taken = processes.run([sys.executable, "-m", "app", "team", "add", "carol", "--role", "viewer", "--password-stdin"],
                           input="dave-chose-this\n", capture_output=True, text=True, env=dave.env, cwd=REPO, timeout=60)
    one_sentence_exit_2(taken, "carol", "keep their own password")
    one_sentence_exit_2(processes.run([sys.executable, "-m", "app", "team", "add", first.database, "--role", "viewer",
                                        "--password-stdin"], input="\n", capture_output=True, text=True, env=dave.env,
                                       cwd=REPO, timeout=60), "cannot be a member")
    assert first.desktop("carol").run("team", "list").returncode == 0  # her password is still hers


def test_a_group_role_someone_else_made_is_refused_when_a_store_is_set_up(
        postgres_server: ThrowawayServer, tmp_path: Path) -> None:
    url, password = postgres_server.new_database()
    database = url.rsplit("/", 1)[1]
    with psycopg.connect(postgres_server.admin_url(), autocommit=True) as admin:
        # waiting for the store to be made, dressed as one of its groups (no login, a fitting comment)
        admin.execute(f"CREATE ROLE {database}_admin NOLOGIN")
        admin.execute(f"COMMENT ON ROLE {database}_admin IS 'safir-campaign: a group role of the team store "
                      f"{database}'")
    checked = Desktop(tmp_path / "owner", url, password).run("store", "check")
    one_sentence_exit_2(checked, f"{database}_admin", "already exists")


def test_a_recipient_keeps_one_channel_whoever_writes_through_psql(team: Team, tmp_path: Path) -> None:
    assert team.add(team.owner, "sam", "sender").returncode == 0
    sam = team.desktop("sam")
    path = sheet(tmp_path, "s.csv", 1, 6)
    with EmbeddedSandbox(fast_settings(no_account_suffix="", no_account_numbers={"989120000001"})) as sandbox:
        sent = sam.run("send", path, "--base-url", sandbox.url, "--bot-id", "1001", "--rate", "600",
                       "--text", "hi {{name}}",
                       "--sms-fallback")
        assert sent.returncode == 0, sent.stderr
        assert [m["phone"] for m in httpx.get(f"{sandbox.url}/sandbox/sms").json()["messages"]] == ["09120000001"]
    for sql in ("UPDATE recipients SET channel = 'bale' WHERE channel = 'sms'",  # back to the service: twice
                "UPDATE recipients SET channel = 'sms' WHERE channel = 'bale'"):  # sent by the service, by SMS too
        refused = team.psql("sam", sql)
        assert refused.returncode != 0 and "stays on" in refused.stderr, refused
        with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner, pytest.raises(
                psycopg.Error, match="stays on"):
            owner.execute(sql)  # not even the owner
    refused = team.psql("sam", "UPDATE campaigns SET sms_fallback = NULL")
    assert refused.returncode != 0 and "permission denied" in refused.stderr, refused


def test_what_an_attack_through_psql_did_next_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    """A second review through psql: a sender wrote "sent" into another's campaign awaiting
    approval (and, once approved, into rows another sender held), took another's repeating
    campaign's run and pushed it to 9999, forged an approval behind a tab, and renamed
    another's sender row as their own by updating it."""
    for name, role in (("alice", "sender"), ("carol", "sender"), ("bob", "approver")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = team.desktop("alice").run("send", sheet(tmp_path, "s.csv", 1, 5), "--base-url", sandbox.url,
                                          "--bot-id", "1001", "--rate", "600", "--text", "hi {{name}}")
        assert made.returncode == 3, made.stderr  # awaiting approval
        unapproved = [team.psql("carol", "UPDATE recipients SET state = 'sent', message_id = 'fake'"
                                " WHERE campaign_id = 1 AND row <= 3"),
                      team.psql("carol", "UPDATE recipients SET state = 'failed', error_code = 17"
                                " WHERE campaign_id = 1 AND row IN (4, 5)")]
        assert all(done.returncode == 0 and "UPDATE 0" in done.stdout for done in unapproved), unapproved
        assert team.desktop("bob").run("approve", "1").returncode == 0
        not_held = team.psql("carol", "UPDATE recipients SET state = 'sent', message_id = 'fake' WHERE campaign_id = 1")
        assert not_held.returncode != 0 and "safir:not_your_lease:campaign=1" in not_held.stderr, not_held
        sent = team.desktop("alice").run("resume", "1", "--base-url", sandbox.url)
        assert sent.returncode == 0, sent.stderr
        assert len(each_once(sandbox)) == 5  # nothing was taken for sent that was not
    series = ("INSERT INTO series (name, rule, plan, status, next_run, created_at, created_by, updated_at) VALUES"
              " ('s', '{}', '{}', 'active', '2000-01-01T00:00:00.000+00:00', 'x', 'x', 'x')")
    assert team.psql("alice", series).returncode == 0
    claim = "SELECT safir_claim_run(1, '2000-01-01T00:00:00.000+00:00', '9999-12-31T00:00:00.000+00:00')"
    taken = team.psql("carol", claim)
    assert taken.returncode != 0 and "safir:not_your_series:series=1;member=alice" in taken.stderr, taken
    assert " t" in team.psql("alice", claim.replace("9999-12-31", "2000-01-02")).stdout  # its maker's runner may
    forged = team.psql("carol", "INSERT INTO audit (at, campaign_id, action, os_user, machine)"
                                " VALUES ('x', 1, E'\\tapproved', 'bob', 'x')")
    assert forged.returncode != 0 and "safir:audit_reserved" in forged.stderr, forged
    assert team.psql("alice", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                              " VALUES (1, '1@a', 'x', 'm', 'x', 0)").returncode == 0
    revoked = team.psql("carol", "UPDATE senders SET revoked = true WHERE owner = '1@a'")  # only the store (15)
    assert revoked.returncode != 0 and "safir:not_your_sender:campaign=1;owner=1@a" in revoked.stderr, revoked
    assert " f" in team.psql("alice", "SELECT revoked FROM senders WHERE owner = '1@a'").stdout
    assert "alice" in team.psql("alice", "SELECT os_user FROM senders WHERE owner = '1@a'").stdout
    # A third look (after migration 13): a running sender's name taken over by deleting its row
    # and making it again, or kept alive by another; a row skipped for good in another's campaign;
    # a series' next run that is no time; a series row written by hand.
    taken = team.psql("carol", "DELETE FROM senders WHERE owner = '1@a'")  # members end senders by function (15)
    assert taken.returncode != 0 and "permission denied" in taken.stderr, taken
    assert " f" in team.psql("carol", "SELECT safir_end_sender(1, '1@a')").stdout
    kept = team.psql("carol", "UPDATE senders SET heartbeat = 1e12 WHERE owner = '1@a'")
    assert kept.returncode != 0 and "safir:not_your_sender:campaign=1;owner=1@a;member=alice" in kept.stderr, kept
    skipped = team.psql("carol", "UPDATE recipients SET state = 'skipped', reason = 'suppressed'"
                                 " WHERE campaign_id = 1 AND state = 'sent'")
    assert skipped.returncode != 0 and "safir:final_stays" in skipped.stderr, skipped
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = team.desktop("alice").run("send", sheet(tmp_path, "t.csv", 20, 3), "--base-url", sandbox.url,
                                          "--bot-id", "1001", "--rate", "600", "--text", "two {{name}}")
        assert made.returncode == 3 and team.desktop("bob").run("approve", "2").returncode == 0
    skipped = team.psql("carol", "UPDATE recipients SET state = 'skipped', reason = 'suppressed' WHERE campaign_id = 2")
    assert skipped.returncode != 0 and "safir:not_your_lease:campaign=2" in skipped.stderr, skipped
    nonsense = team.psql("alice", claim.replace("2000-01-01T00:00", "2000-01-02T00:00").replace(
        "9999-12-31T00:00:00.000+00:00", "zzzz"))
    assert nonsense.returncode != 0 and "safir:bad_next_run:series=1;when=zzzz" in nonsense.stderr, nonsense
    assert team.psql("carol", series.replace("'{}', '{}'", "'{\"no\": 1}', 'x'")).returncode == 0
    listed = team.desktop("bob").run("series", "list")
    assert listed.returncode == 0 and "Traceback" not in listed.stderr, listed
    # A fourth look (after migration 14): a lease forged to freeze another's campaign, a campaign
    # marked finished with rows to send, and the times the cap, the repeat guard and the OTP
    # limit count, written by hand; a sender's name taken ahead of its process.
    forged = team.psql("carol", "UPDATE recipients SET lease_owner = 'ghost', lease_until = 1e18 WHERE campaign_id = 2")
    assert forged.returncode != 0 and "safir:not_your_lease:campaign=2" in forged.stderr, forged
    finished = team.psql("carol", "UPDATE campaigns SET status = 'finished' WHERE id = 2")
    assert finished.returncode != 0 and "safir:not_all_final:campaign=2" in finished.stderr, finished
    assert team.psql("carol", "UPDATE recipients SET updated_at = '2000-01-01' WHERE campaign_id = 1").returncode == 0
    assert team.psql("carol", "UPDATE campaigns SET created_at = '2000-01-01', updated_at = '2000-01-01'"
                              " WHERE id = 1").returncode == 0
    attempt = team.psql("carol", "INSERT INTO attempts (campaign_id, row, phone, kind, started_at, outcome)"
                                 " VALUES (1, 1, '989150000001', 'otp', 1e12, 'sent')")
    assert attempt.returncode != 0 and "safir:not_your_lease" in attempt.stderr, attempt  # not her sender's (18)
    times = team.psql("alice", "SELECT min(r.updated_at), c.created_at, c.updated_at"
                               " FROM recipients r, campaigns c WHERE r.campaign_id = 1 AND c.id = 1"
                               " GROUP BY c.created_at, c.updated_at").stdout
    assert "2000-01-01" not in times, times  # each the store's own time
    with TeamJournal(team.member_url("carol"), tmp_path / "carol.sqlite3", password="carol-password") as carol:
        owner = "4242@alices-desk"
        carol.db.execute("INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                         " VALUES (2, $1, 'x', 'x', 'x', 0)", (owner,))
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice, \
            alice.sending_session(2, owner) as session:
        assert session.owner.startswith(owner + "~")  # a name of its own, not a traceback


#: Takes every table of the store in SHARE mode, one at a time, and says which it could.
LOCK_EVERY_TABLE = """DO $$ DECLARE t text; BEGIN
FOR t IN SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY 1 LOOP
    BEGIN
        EXECUTE format('LOCK TABLE %I IN SHARE MODE NOWAIT', t);
        RAISE NOTICE 'locked %', t;
    EXCEPTION WHEN insufficient_privilege THEN NULL;
              WHEN lock_not_available THEN RAISE NOTICE 'locked %', t;
    END;
END LOOP; END $$"""


def test_no_member_can_lock_a_table_against_the_team_and_deletes_go_through_the_store(
        team: Team, tmp_path: Path) -> None:
    # A fourth attack through psql: a sender took the senders, pace or suppression table in
    # SHARE mode or stronger and kept it (its own session's settings lift the store's
    # timeouts), and every other sender waited.
    for name, role in (("alice", "sender"), ("bob", "approver"), ("dave", "admin"), ("vera", "viewer")):
        assert team.add(team.owner, name, role).returncode == 0
    for name in ("alice", "bob", "dave", "vera"):
        done = team.psql(name, LOCK_EVERY_TABLE)
        assert done.returncode == 0 and "locked" not in done.stderr, (name, done.stderr)
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        made = alice.db.execute("INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute,"
                                " in_flight, base_url, status) VALUES ('x', 't', 'text', '{}', 1001, 0, 1, 'u',"
                                " 'creating') RETURNING id").fetchone()[0]
        alice.db.execute("INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                         " VALUES ($1, '1@a', 'x', 'm', 'x', 0)", (made,))
        alice.suppression_watch().suppress(["989121110001", "989121110002"])
        alice.trim_pace("k", 0.0)  # members trim a pace by the store's clock only
    assert " f" in team.psql("bob", f"SELECT safir_end_sender({made}, '1@a')").stdout  # not his
    assert " t" in team.psql("alice", f"SELECT safir_end_sender({made}, '1@a')").stdout
    refused = team.psql("vera", "SELECT safir_unsuppress(ARRAY['989121110001'])")
    assert refused.returncode != 0 and "safir:role_needed:role=sender" in refused.stderr, refused
    with TeamJournal(team.member_url("bob"), tmp_path / "bob.sqlite3", password="bob-password") as bob:
        assert bob.suppression_watch().unsuppress(["989121110001", "989121119999"]) == 1
        assert bob.suppression_watch().phones() == {"989121110002"}


def test_no_member_holds_the_stores_locks_against_the_team(team: Team, tmp_path: Path) -> None:
    """A fifth attack through psql: a viewer held the advisory lock of creations in an idle
    session, and every creation of the team waited until its statement timeout (a phone
    number's key stopped every capped campaign messaging it); a viewer revoked a sender
    whose lease had lapsed; "a p p r o v e d" went into the audit trail. The store's locks
    are rows now, locked by its functions for senders only (locks.py)."""
    from app.campaign.journal.team.sending import number_lock

    for name, role in (("alice", "sender"), ("vic", "viewer")):
        assert team.add(team.owner, name, role).returncode == 0
    phone = "989120000001"  # the sheet's first
    for sql in ("SELECT safir_lock_creations()", f"SELECT safir_lock_numbers(ARRAY[{number_lock(phone)}])",
                "SELECT safir_revoke_lapsed(1, 2)", "SELECT safir_trim_pace('k')"):
        refused = team.psql("vic", sql)
        assert refused.returncode != 0 and "safir:role_needed:role=sender" in refused.stderr, (sql, refused)
    for sql in ("SELECT 1 FROM store_locks FOR KEY SHARE", "SELECT 1 FROM number_locks FOR UPDATE",
                "BEGIN; LOCK TABLE store_locks IN ROW EXCLUSIVE MODE; COMMIT"):
        for name in ("vic", "alice"):
            refused = team.psql(name, sql)
            assert refused.returncode != 0 and "permission denied" in refused.stderr, (name, sql, refused)
    many = team.psql("alice", "SELECT safir_lock_numbers(ARRAY(SELECT generate_series(1::bigint, 10001)))")
    assert many.returncode != 0 and "safir:too_many_numbers:count=10001" in many.stderr, many
    spaced = team.psql("alice", "INSERT INTO audit (at, action, os_user, machine) VALUES ('x', 'a p p r o v e d',"
                                " 'bob', 'x')")
    assert spaced.returncode != 0 and "safir:audit_reserved" in spaced.stderr, spaced
    assert team.owner.run("cap", "--max", "1", "--days", "7").returncode == 0
    with psycopg.connect(team.member_url("vic"), password="vic-password", autocommit=True) as vic, \
            EmbeddedSandbox(fast_settings()) as sandbox:
        # What the app locked before, held by a viewer's idle session: it stops nobody now.
        vic.execute("SELECT pg_advisory_lock(x'5AF1'::int), pg_advisory_lock(%s)", (number_lock(phone),))
        with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:  # as 15 left it
            owner.execute("DROP TABLE store_locks, number_locks")
            owner.execute("UPDATE safir_schema SET version = 15")
        upgraded = team.owner.run("store", "check", timeout=90)
        assert upgraded.returncode == 0, upgraded.stderr  # an upgrade waits for no viewer's lock either
        sent = team.desktop("alice").run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url,
                                         "--bot-id", "1001", "--rate", "600", "--text", "hi {{name}}", timeout=90)
        assert sent.returncode == 0, sent.stderr  # it waited for no lock's timeout
        assert each_once(sandbox) == {f"98912000000{i}": 1 for i in (1, 2, 3)}


def test_what_a_fourth_attack_through_psql_did_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    """A fourth review through psql (after migration 14): a sender took another's live lease
    and recorded its rows sent (two phones never got the message; the campaign said
    finished), set a failed row of a finished campaign back to pending (finished, one
    left), and gave its own rows another campaign's request_ids through safir_retarget
    (the service dropped that campaign's messages as repeats)."""
    from app.campaign import Content, RecipientState
    from app.jobs.creating import create_campaign
    from app.jobs.sheet import check_sheet

    for name, role in (("alice", "sender"), ("bob", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    with EmbeddedSandbox(fast_settings()) as sandbox:
        assert team.desktop("bob").run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url,
                                       "--bot-id", "1001", "--rate", "600",
                                       "--text", "hi {{name}}").returncode == 0  # campaign 1
    with TeamJournal(team.url, tmp_path / "owner.sqlite3", password=team.owner_password) as owner:
        owner.db.execute("UPDATE recipients SET state = 'failed', error_code = 17 WHERE campaign_id = 1 AND row = 2")
    again = team.psql("alice", "UPDATE recipients SET state = 'pending' WHERE campaign_id = 1 AND state = 'failed'")
    assert again.returncode != 0 and "safir:final_stays:campaign=1" in again.stderr, again
    with TeamJournal(team.member_url("bob"), tmp_path / "bob.sqlite3", password="bob-password") as bob:
        running = create_campaign(bob, check_sheet(sheet(tmp_path, "t.csv", 10, 4)), content=Content(text="two"),
                                  bot_id=1001, base_url="http://127.0.0.1:1")
        theirs = {r.request_id for r in bob.recipients.listed(running)}
        with bob.sending_session(running, "7@bobs-desk") as session:
            assert [r.row for r in session.feed([RecipientState.PENDING]).next_batch(2)] == [2, 3]
            assert team.psql("alice", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at,"
                                      f" heartbeat) VALUES ({running}, 'thief', 'x', 'm', 'x', 0)").returncode == 0
            stolen = team.psql("alice", "UPDATE recipients SET lease_owner = 'thief', lease_until = extract(epoch"
                                        f" FROM now()) + 600 WHERE campaign_id = {running} AND row IN (2, 3)")
            assert stolen.returncode != 0 and f"safir:not_your_lease:campaign={running}" in stolen.stderr, stolen
            freed = team.psql("alice", f"UPDATE recipients SET lease_owner = NULL WHERE campaign_id = {running}")
            assert freed.returncode != 0 and "safir:not_your_lease" in freed.stderr, freed
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        hers = create_campaign(alice, check_sheet(sheet(tmp_path, "u.csv", 20, 2)), content=Content(text="three"),
                               bot_id=1001, base_url="http://127.0.0.1:1")
    taken = ", ".join(f"'{r}'" for r in sorted(theirs)[:2])
    hijack = team.psql("alice", f"SELECT safir_retarget({hers}, NULL, NULL, ARRAY[2, 3], ARRAY[{taken}])")
    assert hijack.returncode != 0 and "does not exist" in hijack.stderr, hijack
    assert " 2" in team.psql("alice", f"SELECT safir_retarget({hers}, 1002, NULL, ARRAY[2, 3])").stdout
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        made = {r.request_id for r in alice.recipients.listed(hers)}
    assert len(made) == 2 and not made & theirs and all(len(i or "") == 36 for i in made)
    entry = "INSERT INTO audit (at, campaign_id, action, os_user, machine) VALUES ('x', 1, '{}', 'bob', 'x')"
    for forged in ("campaign approved", "\u0430pproved", "the rule changed: approval"):  # the second: Cyrillic а
        done = team.psql("alice", entry.format(forged))
        assert done.returncode != 0 and "safir:audit_reserved" in done.stderr, (forged, done)
    assert team.psql("alice", entry.format("exported")).returncode == 0  # a member's own entry


def test_a_campaign_copied_in_by_hand_waits_for_the_teams_approval_and_the_store_names_who_copied(
        team: Team) -> None:
    # An admin's copy keeps makers and approvals as a desktop had them: through psql, an admin
    # copied his own campaign awaiting approval in as bob's, approved by carol, and sent it.
    assert team.add(team.owner, "dave", "admin").returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    copied = team.psql("dave", "BEGIN; SET LOCAL safir.copying = 'on'; INSERT INTO campaigns (created_at, name, kind,"
                               " content, bot_id, rate_per_minute, in_flight, base_url, status, created_by,"
                               " approval, approved_by) VALUES ('2026-11-27T09:00:00.000+00:00', 'c', 'text', '{}',"
                               " 1001, 0, 1, 'u', 'ready', 'bob', 'approved', 'carol') RETURNING id, approval;"
                               " COMMIT")
    assert copied.returncode == 0 and "awaiting" in copied.stdout and "approved" not in copied.stdout, copied
    marks = team.psql("dave", "SELECT action, os_user FROM audit WHERE action = 'copied in'")
    assert "copied in | dave" in marks.stdout, marks


@pytest.mark.parametrize("how", ["sent", "pending", "pending, then finished"])
def test_a_campaign_copied_in_as_finished_has_every_recipient_final(team: Team, how: str) -> None:
    # Found by a read of migration 14: "finished only when every recipient is final" stepped
    # aside for a copy, which inserts a campaign already finished, then its rows: one brought
    # in a finished campaign with a number still to send, which no sender would ever take up.
    assert team.add(team.owner, "dave", "admin").returncode == 0
    status = "creating" if how == "pending, then finished" else "finished"
    copied = team.psql("dave", "BEGIN; SET LOCAL safir.copying = 'on'; INSERT INTO campaigns (created_at, name, kind,"
                               " content, bot_id, rate_per_minute, in_flight, base_url, status, created_by) VALUES"
                               " ('2026-11-27T09:00:00.000+00:00', 'copied', 'text', '{}', 1001, 0, 1, 'u',"
                               f" '{status}', 'dave'); INSERT INTO recipients (campaign_id, row, phone_input, phone,"
                               " verdict, state, request_id) SELECT max(id), 2, '09124000001', '989124000001',"
                               f" 'valid', '{how.split(',')[0]}', 'copied-1' FROM campaigns WHERE name = 'copied';"
                               + (" UPDATE campaigns SET status = 'finished' WHERE name = 'copied';"
                                  if status == "creating" else "") + " COMMIT")
    if how == "sent":
        assert copied.returncode == 0, copied.stderr
        return
    assert copied.returncode != 0 and "safir:not_all_final:campaign=" in copied.stderr, copied
    left = team.psql("dave", "SELECT count(*) FROM campaigns WHERE name = 'copied'")
    assert left.stdout.split()[2] == "0", left.stdout  # the whole copy was refused


def test_a_cancelled_campaign_stays_cancelled_whoever_asks_through_psql(team: Team, tmp_path: Path) -> None:
    # A fourth attack: a cancelled campaign resumed sent its rows left to numbers other
    # campaigns had reached since (the engine no longer sends one; the store refuses too).
    assert team.add(team.owner, "alice", "sender").returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
        alice.control.set_status(campaign, CampaignStatus.CANCELLED)
    for status in ("running", "ready", "paused"):
        done = team.psql("alice", f"UPDATE campaigns SET status = '{status}' WHERE id = {campaign}")
        assert done.returncode != 0, done.stdout
        assert f"safir:status_not_allowed:campaign={campaign};status=cancelled" in done.stderr, done.stderr
    # A re-attack: a Cancel asked of a frozen sender was withdrawn by another member, and the
    # next sender sent the campaign after all.
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        other = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="bye {{name}}"),
                                bot_id=1001, base_url="http://127.0.0.1:1")
        alice.control.request_stop(other, StopRequest.CANCEL, pause_reason("user_cancelled"))
    for undo in ("stop_request = NULL, stop_reason = NULL", "stop_request = 'pause'"):
        done = team.psql("alice", f"UPDATE campaigns SET {undo} WHERE id = {other}")
        assert done.returncode != 0 and f"safir:cancel_stays:campaign={other}" in done.stderr, done


def test_a_request_id_means_one_phone_and_one_message_whoever_stores_it(team: Team, tmp_path: Path) -> None:
    # A fourth attack: carol gave alice's pending request_ids to rows of her own; the service
    # dropped alice's messages as repeats while alice's rows were recorded sent.
    for name in ("alice", "carol"):
        assert team.add(team.owner, name, "sender").returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\nn2,09124000002\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
        first = alice.recipients.listed(campaign)[0]
    settings = dict(name="t", kind="text", content={"text": "x"}, bot_id=1001, rate_per_minute=60, in_flight=2,
                    base_url="http://127.0.0.1:1")
    with TeamJournal(team.member_url("carol"), tmp_path / "carol.sqlite3", password="carol-password") as carol:
        stolen = NewRecipient(1, "x", "989129999991", "valid", None, {"message": {"text": "carol's"}},
                              request_id=first.request_id)
        with pytest.raises(JournalError, match="takes a request id that another phone or message has"):
            carol.creation.create(**settings, recipients=[stolen])  # type: ignore[arg-type]
        copied = NewRecipient(1, first.phone_input, first.phone, "valid", None, first.message_data,
                              request_id=first.request_id)  # a re-attack: the same row, from another bot
        with pytest.raises(JournalError, match="takes a request id that another phone or message has"):
            carol.creation.create(**{**settings, "bot_id": 1002}, recipients=[copied])  # type: ignore[arg-type]
        kept = NewRecipient(1, first.phone_input, first.phone, "valid", None, first.message_data,
                            request_id=first.request_id)  # as a retry's row keeps its parent's
        assert carol.creation.create(**settings, recipients=[kept]) > campaign  # type: ignore[arg-type]


def test_a_rejection_asks_the_campaigns_sender_to_pause_and_no_decision_is_refused(team: Team, tmp_path: Path) -> None:
    # A fourth attack: a rejection of a campaign being sent was recorded while its sender
    # sent the rest; safir_decide(…, NULL, NULL, …) rejected with no reason.
    for name, role in (("alice", "sender"), ("bob", "approver")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
    assert team.psql("bob", f"SELECT safir_decide({campaign}, true, NULL, 'x')").returncode == 0
    undecided = team.psql("bob", f"SELECT safir_decide({campaign}, NULL, NULL, 'x')")
    assert undecided.returncode != 0 and "safir:reason_needed" in undecided.stderr, undecided
    assert team.psql("alice", f"UPDATE campaigns SET status = 'running' WHERE id = {campaign}").returncode == 0
    assert team.psql("bob", f"SELECT safir_decide({campaign}, false, 'wrong offer', 'x')").returncode == 0
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        asked = alice.control.stop_requested(campaign)
        assert asked is not None and asked[0] == StopRequest.PAUSE and asked[1].code == "rejected"
        assert "bob rejected it: wrong offer" in asked[1].text()
        # A re-attack: the maker cleared the request the rejection made, and the sender went on.
        cleared = team.psql("alice", f"UPDATE campaigns SET stop_request = NULL, stop_reason = NULL WHERE id = {campaign}")
        assert cleared.returncode == 0
        asked = alice.control.stop_requested(campaign)  # what the sender reads every second
        assert asked is not None and asked[0] == StopRequest.PAUSE and asked[1].code == "rejected"


def test_a_viewer_exports_results_and_the_trail_names_them_but_writes_nothing_else(team: Team, tmp_path: Path) -> None:
    # A fourth attack: a viewer's export wrote the file, then failed (exit 2) on the audit
    # entry a viewer could not add; the trail never named who exported.
    for name, role in (("alice", "sender"), ("vic", "viewer")):
        assert team.add(team.owner, name, role).returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
    out = tmp_path / "results.csv"
    exported = team.desktop("vic").run("export", str(campaign), str(out))
    assert exported.returncode == 0 and out.exists(), exported.stderr
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        assert ("exported", "vic") in [(a["action"], a["os_user"]) for a in alice.audit_trail.entries(campaign)]
    for action in ("sending", "finished", "created"):
        done = team.psql("vic", f"INSERT INTO audit (at, campaign_id, action, os_user, machine)"
                                f" VALUES ('x', {campaign}, '{action}', 'x', 'x')")
        assert done.returncode != 0 and "safir:audit_reserved" in done.stderr, done


def test_what_a_fifth_attack_through_psql_did_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    """A fifth attack (migration 18, bounds.py): an admin's copy session wrote an audit
    entry that looked like anyone's, added rows to an approved campaign and copied in a
    campaign "made by" another to approve it; ``safir_retarget`` with nothing to change
    took back a rejection unseen; another sender paused a campaign still being made."""
    for name, role in (("alice", "sender"), ("bob", "approver"), ("dave", "admin"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    # A creation is its maker's until it is ready: eve paused alice's, and alice's send failed.
    refusals: list[subprocess.CompletedProcess[str]] = []

    def rows_while_eve_tries() -> Iterator[NewRecipient]:
        with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
            making = owner.execute("SELECT id FROM campaigns WHERE status = 'creating'").fetchone()
        assert making is not None
        for change in ("stop_request = 'pause'", "status = 'paused'"):
            refusals.append(team.psql("eve", f"UPDATE campaigns SET {change} WHERE id = {making[0]}"))
        yield NewRecipient(1, "09124000002", "989124000002", "valid", None, {"message": {"text": "x"}})

    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        made = alice.creation.create(name="m", kind="text", content={"text": "x"}, bot_id=1001, rate_per_minute=60,
                                     in_flight=2, base_url="http://127.0.0.1:1", recipients=rows_while_eve_tries())
        assert alice.control.stop_requested(made) is None
    for done in refusals:
        assert done.returncode != 0 and f"safir:still_creating:campaign={made};member=alice" in done.stderr, done
    assert team.owner.run("approval", "--require").returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
    assert team.psql("bob", f"SELECT safir_decide({campaign}, true, NULL, 'x')").returncode == 0
    copying = "BEGIN; SET LOCAL safir.copying = 'on'; {} COMMIT"
    for sql in (f"INSERT INTO recipients (campaign_id, row, phone_input, phone, verdict, message_data, state)"
                f" VALUES ({campaign}, 9, 'x', '989129999999', 'valid', '{{}}', 'pending');",
                f"UPDATE recipients SET state = 'skipped' WHERE campaign_id = {campaign};",
                f"UPDATE campaigns SET status = 'paused' WHERE id = {campaign};",
                f"INSERT INTO audit (at, campaign_id, action, os_user, machine) VALUES ('x', {campaign}, 'approved',"
                " 'bob', 'x');"):
        done = team.psql("dave", copying.format(sql))
        assert done.returncode != 0 and "safir:copy_writes_its_own" in done.stderr, (sql, done)
    copied = team.psql("dave", copying.format(
        "INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute, in_flight, base_url, status,"
        " created_by) VALUES ('2026-11-27T09:00:00.000+00:00', 'c', 'text', '{}', 1001, 0, 1, 'u', 'ready', 'carol')"
        " RETURNING id;"))
    assert copied.returncode == 0, copied.stderr
    theirs = first_number(copied.stdout)
    self_approved = team.psql("dave", f"SELECT safir_decide({theirs}, true, NULL, 'x')")
    assert self_approved.returncode != 0 and "safir:maker_cannot_approve:member=dave" in self_approved.stderr
    assert team.psql("bob", f"SELECT safir_decide({theirs}, true, NULL, 'x')").returncode == 0  # another approver may
    # A rejection taken back with nothing changed; a change waits again, and the trail says so.
    assert team.psql("bob", f"SELECT safir_decide({campaign}, false, 'wrong offer', 'x')").returncode == 0
    nothing = team.psql("alice", f"SELECT safir_retarget({campaign}, NULL, NULL, ARRAY[1])")
    assert nothing.returncode != 0 and f"safir:nothing_to_change:campaign={campaign}" in nothing.stderr, nothing
    started = team.psql("alice", f"UPDATE campaigns SET status = 'running' WHERE id = {campaign}")
    assert started.returncode != 0 and f"safir:not_approved:campaign={campaign}" in started.stderr, started
    assert team.psql("alice", f"SELECT safir_retarget({campaign}, 1002, NULL, ARRAY[1])").returncode == 0
    trail = team.psql("bob", f"SELECT action, os_user, detail FROM audit WHERE campaign_id = {campaign}"
                             " AND action = 'bot or template changed'").stdout
    assert "alice" in trail and "bot 1001 -> 1002" in trail, trail
    assert "awaiting" in team.psql("bob", f"SELECT approval FROM campaigns WHERE id = {campaign}").stdout
    # A viewer's entry names a campaign that exists.
    assert team.add(team.owner, "vic", "viewer").returncode == 0
    ghost = team.psql("vic", "INSERT INTO audit (at, campaign_id, action, os_user, machine) VALUES ('x', 99999,"
                             " 'exported', 'x', 'x')")
    assert ghost.returncode != 0 and "safir:no_campaign:campaign=99999" in ghost.stderr, ghost


def test_numbers_lock_a_fixed_set_of_rows_whoever_calls(team: Team) -> None:
    # A fifth attack: one statement of 30 calls of safir_lock_numbers added 300,000 rows
    # nobody deletes (the limit was per call).
    assert team.add(team.owner, "alice", "sender").returncode == 0
    flood = team.psql("alice", "SELECT safir_lock_numbers(ARRAY(SELECT generate_series(i * 10000::bigint,"
                               " i * 10000 + 9999))) FROM generate_series(1, 30) AS i")
    assert flood.returncode == 0, flood.stderr
    with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
        assert owner.execute("SELECT count(*) FROM number_locks").fetchone() == (65_536,)


@pytest.mark.parametrize("left", [CampaignStatus.READY, CampaignStatus.RUNNING])
def test_a_rejection_just_before_a_sender_marks_the_campaign_running_sends_nothing(
        team: Team, tmp_path: Path, left: CampaignStatus) -> None:
    # A fifth attack: bob rejected the campaign between alice's sender's look at its approval
    # and its "running" write; the sender sent until its next look, a second later. Its
    # re-attack: the same over a "running" a dead desktop had left.
    from app.api import SafirClient
    from app.campaign import CampaignEngine
    from app.campaign.approval import NotApproved
    from app.sandbox import DEMO_API_KEY

    for name, role in (("alice", "sender"), ("bob", "approver")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    with EmbeddedSandbox(fast_settings()) as sandbox, \
            TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(sheet(tmp_path, "s.csv", 1, 5)), content=Content(text="hi"),
                                   bot_id=1001, base_url=sandbox.url, rate_per_minute=0)
        assert team.psql("bob", f"SELECT safir_decide({campaign}, true, NULL, 'x')").returncode == 0
        with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
            owner.execute("UPDATE campaigns SET status = %s WHERE id = %s", (left, campaign))
        looked = alice.store_now

        def rejected_meanwhile() -> Any:
            assert team.psql("bob", f"SELECT safir_decide({campaign}, false, 'wrong offer', 'x')").returncode == 0
            alice.store_now = looked  # type: ignore[method-assign]
            return looked()

        alice.store_now = rejected_meanwhile  # type: ignore[method-assign]

        async def send() -> None:
            async with SafirClient(sandbox.url, api_key=DEMO_API_KEY) as client:
                with pytest.raises(NotApproved, match="rejected by bob: wrong offer"):
                    await CampaignEngine(alice, client).run(campaign)

        asyncio.run(send())
        assert alice.store_now == looked and not delivered(sandbox)
        assert alice.campaigns.get(campaign).status == left


def test_what_an_attack_on_the_fifth_attacks_fixes_did_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    # An attack on migration 18: a statement that turned copying on or off in its RETURNING
    # list changed the approval rule unaudited and copied in a campaign that left no trace
    # (its copier then approved it); retargeting a rejected template campaign to the template
    # it had rewrote its content and took the rejection back; another sender leased and
    # marked the rows of a campaign still being made.
    for name, role in (("alice", "sender"), ("bob", "approver"), ("dave", "admin"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    flipped = team.psql("dave", "BEGIN; INSERT INTO shared_settings (key, value, updated_at) VALUES ('approval',"
                                " '{\"required\": true}', 'x') ON CONFLICT (key) DO UPDATE SET value = EXCLUDED.value"
                                " RETURNING set_config('safir.copying', 'on', true); COMMIT")
    assert flipped.returncode == 0, flipped.stderr
    rules = team.psql("bob", "SELECT count(*) FROM audit WHERE action = 'rule changed: approval'").stdout
    assert first_number(rules) == 1, rules
    hidden = team.psql("dave", "BEGIN; SET LOCAL safir.copying = 'on'; INSERT INTO campaigns (created_at, name, kind,"
                               " content, bot_id, rate_per_minute, in_flight, base_url, status, created_by)"
                               " VALUES ('2026-11-27T09:00:00.000+00:00', 'c', 'text', '{}', 1001, 0, 1, 'u', 'ready',"
                               " 'carol') RETURNING id, set_config('safir.copying', 'off', true); COMMIT")
    assert hidden.returncode == 0, hidden.stderr
    copied = first_number(hidden.stdout)
    trail = team.psql("bob", f"SELECT action, os_user FROM audit WHERE campaign_id = {copied}").stdout
    assert "copied in | dave" in trail, trail
    approved = team.psql("dave", f"SELECT safir_decide({copied}, true, NULL, 'x')")
    assert approved.returncode != 0 and "safir:maker_cannot_approve:member=dave" in approved.stderr, approved
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), bot_id=1001, base_url="http://127.0.0.1:1",
                                   content=Content(kind="template", template_id="welcome",
                                                   text_fields={"who": "{{name}}"}))
    assert team.psql("bob", f"SELECT safir_decide({campaign}, false, 'wrong offer', 'x')").returncode == 0
    for same in ("1001, NULL", "NULL, 'welcome'"):
        assert team.psql("alice", f"SELECT safir_retarget({campaign}, {same}, ARRAY[1])").returncode == 0
        kept = team.psql("bob", f"SELECT approval, approved_by FROM campaigns WHERE id = {campaign}").stdout
        assert "rejected | bob" in kept, (same, kept)
    with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
        owner.execute("DELETE FROM shared_settings WHERE key = 'approval'")

    refusals: list[subprocess.CompletedProcess[str]] = []

    def rows_while_eve_tries() -> Iterator[NewRecipient]:
        yield NewRecipient(1, "09124000002", "989124000002", "valid", None, {"message": {"text": "x"}})
        with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
            making = owner.execute("SELECT id FROM campaigns WHERE status = 'creating'").fetchone()
        assert making is not None
        for sql in (f"INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                    f" VALUES ({making[0]}, 'thief', 'x', 'm', 'x', 0)",
                    f"INSERT INTO attempts (campaign_id, row, phone, kind, started_at) VALUES ({making[0]}, 1,"
                    " '989124000002', 'message', 0)"):
            refusals.append(team.psql("eve", sql))
        marked = team.psql("eve", f"UPDATE recipients SET state = 'failed' WHERE campaign_id = {making[0]}")
        assert marked.returncode == 0 and "UPDATE 0" in marked.stdout, marked

    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        made = alice.creation.create(name="m", kind="text", content={"text": "x"}, bot_id=1001, rate_per_minute=60,
                                     in_flight=2, base_url="http://127.0.0.1:1", recipients=rows_while_eve_tries())
        assert [r.state for r in alice.recipients.listed(made)] == ["pending"]
    for done in refusals:  # (an attempt is also no sender's of hers: refused either way)
        assert done.returncode != 0 and (f"safir:still_creating:campaign={made};member=alice" in done.stderr
                                         or "safir:not_your_lease" in done.stderr), done


def owner_rows(team: Team, sql: str, *args: object) -> list[tuple[Any, ...]]:
    """``sql`` read as the store's owner."""
    with psycopg.connect(team.url, password=team.owner_password, autocommit=True) as owner:
        return owner.execute(sql, args).fetchall()  # type: ignore[arg-type]


def test_a_campaign_rejected_while_another_member_sends_it_settles_paused_with_its_outcomes(
        team: Team, tmp_path: Path) -> None:
    # A re-attack on migration 18: eve sent alice's approved campaign, bob rejected it; eve's
    # run exited with no reason, the campaign stayed "running", 13 delivered but 5 recorded
    # sent (the rows of a rejected campaign were its maker's alone), and "eve pause" said
    # paused and changed nothing.
    for name, role in (("alice", "sender"), ("bob", "approver"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    alice, eve = team.desktop("alice"), team.desktop("eve")
    with EmbeddedSandbox(fast_settings(latency_ms=500)) as sandbox:
        made = alice.run("send", sheet(tmp_path, "s.csv", 1, 60), "--base-url", sandbox.url, "--bot-id", "1001",
                         "--text", "hi {{name}}", "--rate", "600")
        assert made.returncode == 3 and "awaits approval" in made.stderr, made.stderr
        assert team.psql("bob", "SELECT safir_decide(1, true, NULL, 'x')").returncode == 0
        sending = eve.start("resume", "1", "--base-url", sandbox.url)
        while len(delivered(sandbox)) < 5:
            time.sleep(0.05)
        assert team.psql("bob", "SELECT safir_decide(1, false, 'wrong offer', 'x')").returncode == 0
        _, err = sending.communicate(timeout=60)
        assert sending.returncode == 3 and "bob rejected it: wrong offer" in err, err
        assert owner_rows(team, "SELECT status FROM campaigns WHERE id = 1") == [("paused",)]
        states = dict(owner_rows(team, "SELECT state, count(*) FROM recipients WHERE campaign_id = 1 GROUP BY 1"))
        assert states.get("sent", 0) == len(delivered(sandbox)) and "in_flight" not in states, states
        refused = eve.run("pause", "1")  # a rejected campaign is its maker's: told so, not "paused"
        assert refused.returncode == 2 and "only its maker or an admin" in refused.stderr, refused
        assert team.psql("bob", "SELECT safir_decide(1, true, NULL, 'x')").returncode == 0
        assert alice.run("resume", "1", "--base-url", sandbox.url).returncode == 0
        assert set(each_once(sandbox).values()) == {1} and len(each_once(sandbox)) == 60


def test_no_member_pins_a_creation_nor_holds_off_a_rejection(team: Team, tmp_path: Path) -> None:
    # A re-attack on migration 18: eve pinned an abandoned creation of hers with a campaign
    # naming it as its parent, and every member's send failed on dropping it; a sender held
    # her campaign's row FOR KEY SHARE and every rejection failed on the lock timeout while
    # the campaign went on; any sender rewrote any campaign's attempts.
    for name, role in (("alice", "sender"), ("bob", "approver"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    bait = first_number(team.psql("eve", "INSERT INTO campaigns (created_at, name, kind, content, bot_id,"
                                         " rate_per_minute, in_flight, base_url, status) VALUES ('x', 'bait', 'text',"
                                         " '{}', 1, 0, 1, 'u', 'creating') RETURNING id").stdout)
    pin = team.psql("eve", "INSERT INTO campaigns (created_at, name, kind, content, bot_id, rate_per_minute, in_flight,"
                           f" base_url, status, parent_id) VALUES ('x', 'pin', 'text', '{{}}', 1, 0, 1, 'u', 'finished',"
                           f" {bait})")
    assert pin.returncode != 0 and f"safir:no_campaign:campaign={bait}" in pin.stderr, pin
    for sql in (f"INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat) VALUES ({bait},"
                " 'e', 'x', 'm', 'x', 0)",
                f"INSERT INTO attempts (campaign_id, row, phone, kind, started_at) VALUES ({bait}, 1, 'x', 'm', 0)"):
        assert team.psql("eve", sql).returncode == 0  # her own creation, her sender: she may
    assert team.psql("eve", f"UPDATE campaigns SET updated_at = '1970-01-01' WHERE id = {bait}").returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    with EmbeddedSandbox(fast_settings()) as sandbox:
        made = team.desktop("alice").run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url,
                                         "--bot-id", "1001", "--text", "hi {{name}}")
        assert made.returncode == 3 and "awaits approval" in made.stderr, made.stderr  # made, the bait dropped
        assert owner_rows(team, "SELECT count(*) FROM campaigns WHERE id = %s", bait) == [(0,)]
        campaign = owner_rows(team, "SELECT max(id) FROM campaigns")[0][0]
        assert team.psql("bob", f"SELECT safir_decide({campaign}, true, NULL, 'x')").returncode == 0
        assert team.desktop("alice").run("resume", str(campaign), "--base-url", sandbox.url).returncode == 0
        forged = team.psql("eve", f"UPDATE attempts SET outcome = 'sent' WHERE campaign_id = {campaign}")
        assert forged.returncode != 0 and "safir:not_your_lease" in forged.stderr, forged
        again = team.desktop("alice").run("send", sheet(tmp_path, "s.csv", 1, 3), "--base-url", sandbox.url,
                                          "--bot-id", "1001", "--text", "bye {{name}}")
        assert again.returncode == 3, again.stderr
    waiting = owner_rows(team, "SELECT max(id) FROM campaigns")[0][0]
    with psycopg.connect(team.member_url("alice"), password="alice-password") as held:
        held.execute("SET idle_in_transaction_session_timeout = 0")
        held.execute("SELECT id FROM campaigns WHERE id = %s FOR KEY SHARE", (waiting,))
        rejected = team.psql("bob", f"SELECT safir_decide({waiting}, false, 'wrong offer', 'x')")
        assert rejected.returncode == 0, rejected.stderr  # not held off by a lock she may keep for ever


def test_no_member_registers_as_a_sender_of_a_campaign_not_approved_that_is_not_theirs(
        team: Team, tmp_path: Path) -> None:
    # A review of the fixes: eve registered a sender for alice's rejected campaign, which let
    # her (by the new policies) cancel it for good.
    for name, role in (("alice", "sender"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    assert team.owner.run("approval", "--require").returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
    registered = team.psql("eve", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                                  f" VALUES ({campaign}, 'e', 'x', 'm', 'x', 0)")
    assert registered.returncode != 0 and f"safir:not_approved:campaign={campaign}" in registered.stderr, registered
    cancelled = team.psql("eve", f"UPDATE campaigns SET stop_request = 'cancel' WHERE id = {campaign}")
    assert cancelled.returncode == 0 and "UPDATE 0" in cancelled.stdout, cancelled
    mine = team.psql("alice", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                              f" VALUES ({campaign}, 'a', 'x', 'm', 'x', 0)")
    assert mine.returncode == 0, mine.stderr  # its maker's own


def test_a_sender_row_stays_on_its_campaign_and_a_campaign_not_approved_is_cancelled_by_its_maker(
        team: Team, tmp_path: Path) -> None:
    # A review of the fixes: eve registered a sender on her own campaign, moved the row to
    # alice's rejected one, and could then cancel it for good.
    for name, role in (("alice", "sender"), ("eve", "sender"), ("bob", "approver")):
        assert team.add(team.owner, name, role).returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\n", encoding="utf-8")
    with TeamJournal(team.member_url("eve"), tmp_path / "eve.sqlite3", password="eve-password") as eve:
        hers = create_campaign(eve, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                               bot_id=1001, base_url="http://127.0.0.1:1")
    assert team.owner.run("approval", "--require").returncode == 0
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="bye {{name}}"),
                                   bot_id=1001, base_url="http://127.0.0.1:1")
    registered = team.psql("eve", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                                  f" VALUES ({hers}, 'e', 'x', 'm', 'x', 0)")
    assert registered.returncode == 0, registered.stderr  # hers was made before approval was needed
    moved = team.psql("eve", f"UPDATE senders SET campaign_id = {campaign} WHERE campaign_id = {hers}")
    assert moved.returncode != 0 and "safir:not_your_sender" in moved.stderr, moved
    # Registered while it was approved (her row stays when her sender is killed), then rejected.
    assert team.psql("bob", f"SELECT safir_decide({campaign}, true, NULL, 'x')").returncode == 0
    assert team.psql("eve", "INSERT INTO senders (campaign_id, owner, os_user, machine, started_at, heartbeat)"
                            f" VALUES ({campaign}, 'e2', 'x', 'm', 'x', 0)").returncode == 0
    assert team.psql("bob", f"SELECT safir_decide({campaign}, false, 'wrong offer', 'x')").returncode == 0
    for change in ("stop_request = 'cancel'", "status = 'cancelled'"):
        done = team.psql("eve", f"UPDATE campaigns SET {change} WHERE id = {campaign}")
        assert done.returncode != 0 and f"safir:not_your_campaign:campaign={campaign};member=alice" in done.stderr, done
    assert team.psql("alice", f"UPDATE campaigns SET stop_request = 'cancel' WHERE id = {campaign}").returncode == 0


def test_what_a_fourth_look_at_the_bounds_found_is_refused_by_the_store(team: Team, tmp_path: Path) -> None:
    # A fourth look at migration 18: an admin renamed the approval rule's row away (approval
    # off, unaudited); a sender inserted another's attempt with its outcome; a campaign made
    # before approval was required was anyone's to pause, fail and finish; a retarget with no
    # rows listed left the rejected template in every row; a maker backdated her campaign as
    # she made it ready, and the same sheet went out twice.
    for name, role in (("alice", "sender"), ("bob", "approver"), ("dave", "admin"), ("eve", "sender")):
        assert team.add(team.owner, name, role).returncode == 0
    path = tmp_path / "s.csv"
    path.write_text("name,mobile\nn1,09124000001\nn2,09124000002\n", encoding="utf-8")
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        earlier = create_campaign(alice, check_sheet(path), content=Content(kind="text", text="hi {{name}}"),
                                  bot_id=1001, base_url="http://127.0.0.1:1")
    assert team.owner.run("approval", "--require").returncode == 0
    renamed = team.psql("dave", "UPDATE shared_settings SET key = 'approval_gone' WHERE key = 'approval'")
    assert renamed.returncode != 0 and "safir:setting_keeps_its_name:setting=approval" in renamed.stderr, renamed
    deleted = team.psql("dave", "DELETE FROM shared_settings WHERE key = 'approval'")
    assert deleted.returncode != 0 and "permission denied" in deleted.stderr, deleted
    inserted = team.psql("eve", "INSERT INTO attempts (campaign_id, row, phone, kind, started_at, finished_at, outcome)"
                                f" VALUES ({earlier}, 2, '989124000001', 'message', 0, 1, 'sent')")
    assert inserted.returncode != 0 and "safir:not_your_lease" in inserted.stderr, inserted
    for sql in (f"UPDATE campaigns SET stop_request = 'pause' WHERE id = {earlier}",
                f"UPDATE recipients SET state = 'failed' WHERE campaign_id = {earlier}"):
        done = team.psql("eve", sql)
        assert done.returncode == 0 and "UPDATE 0" in done.stdout, (sql, done)  # made before the rule: alice's
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        template = create_campaign(alice, check_sheet(path), bot_id=1001, base_url="http://127.0.0.1:1",
                                   content=Content(kind="template", template_id="spam", text_fields={"who": "{{name}}"}))
    assert team.psql("bob", f"SELECT safir_decide({template}, false, 'no spam', 'x')").returncode == 0
    assert team.psql("alice", f"SELECT safir_retarget({template}, NULL, 'welcome', ARRAY[]::int[])").returncode == 0
    kept = owner_rows(team, "SELECT message_data FROM recipients WHERE campaign_id = %s", template)
    assert len(kept) == 2 and all('"welcome"' in m and "spam" not in m for (m,) in kept), kept
    with TeamJournal(team.member_url("eve"), tmp_path / "eve.sqlite3", password="eve-password") as eve:
        eve.NOW_TEXT = "'2000-01-01T00:00:00.000+00:00'"  # type: ignore[misc]  # a changed client
        backdated = create_campaign(eve, check_sheet(path), content=Content(kind="text", text="bye {{name}}"),
                                    bot_id=1001, base_url="http://127.0.0.1:1")
    made_at = owner_rows(team, "SELECT created_at FROM campaigns WHERE id = %s", backdated)[0][0]
    assert made_at > "2026", made_at  # the store's own time as it became ready


def test_a_stopped_campaign_is_not_changed_under_a_sender_still_sending_it(team: Team, tmp_path: Path) -> None:
    # A fourth look at migration 18: the maker marked her campaign paused under its live
    # sender and changed its bot: the store said paused, awaiting approval, bot 1002, while
    # the sender sent the other 55 from bot 1001.
    from app.campaign.journal import NewRecipient

    assert team.add(team.owner, "alice", "sender").returncode == 0
    with TeamJournal(team.member_url("alice"), tmp_path / "alice.sqlite3", password="alice-password") as alice:
        campaign = alice.creation.create(
            name="m", kind="text", content={"text": "x"}, bot_id=1001, rate_per_minute=60, in_flight=2,
            base_url="http://127.0.0.1:1",
            recipients=[NewRecipient(1, "x", "989124000001", "valid", None, {"message": {"text": "x"}})])
        with alice.sending_session(campaign, "1@alices-desk"):
            assert team.psql("alice", f"UPDATE campaigns SET status = 'paused' WHERE id = {campaign}").returncode == 0
            changed = team.psql("alice", f"SELECT safir_retarget({campaign}, 1002, NULL, ARRAY[1])")
            assert changed.returncode != 0 and f"safir:not_stopped:campaign={campaign};status=running" in changed.stderr
        assert team.psql("alice", f"SELECT safir_retarget({campaign}, 1002, NULL, ARRAY[1])").returncode == 0
