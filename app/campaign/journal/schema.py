"""The journal's schema: tables, indexes and the migrations that lead to each version.

The version lives in ``PRAGMA user_version``; a journal written by a newer app is refused
(docs/architecture.md, "The journal is the truth").
"""

from __future__ import annotations

SCHEMA_VERSION = 17
#: Page cache per connection, KiB.
CACHE_KIB = 65536
#: Write-ahead log pages between checkpoints while a campaign is created (default 1000).
CREATION_CHECKPOINT_PAGES = 10000
#: The write-ahead log is cut back to this many bytes after each checkpoint.
WAL_SIZE_LIMIT = 64 * 1024 * 1024

_SCHEMA_V1 = """
CREATE TABLE campaigns (
    id              INTEGER PRIMARY KEY,
    created_at      TEXT NOT NULL,
    name            TEXT NOT NULL,
    source_path     TEXT,
    kind            TEXT NOT NULL,
    content         TEXT NOT NULL,
    bot_id          INTEGER NOT NULL,
    rate_per_minute REAL NOT NULL,
    in_flight       INTEGER NOT NULL,
    base_url        TEXT NOT NULL,
    status          TEXT NOT NULL,
    status_reason   TEXT,
    parent_id       INTEGER REFERENCES campaigns(id)
);
CREATE TABLE recipients (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    row           INTEGER NOT NULL,
    phone_input   TEXT NOT NULL,
    phone         TEXT,
    verdict       TEXT NOT NULL,
    reason        TEXT,
    message_data  TEXT,
    request_id    TEXT UNIQUE,
    state         TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    error_code    INTEGER,
    error         TEXT,
    message_id    TEXT,
    updated_at    TEXT,
    PRIMARY KEY (campaign_id, row)
) WITHOUT ROWID;
CREATE INDEX recipients_by_state ON recipients (campaign_id, state);
"""

# v2: request_id unique per campaign only (a retry campaign re-uses its parent's keys),
# an attempts table (one row per request sent), quiet hours and a start time.
_MIGRATION_V2 = """
CREATE TABLE recipients_v2 (
    campaign_id   INTEGER NOT NULL REFERENCES campaigns(id),
    row           INTEGER NOT NULL,
    phone_input   TEXT NOT NULL,
    phone         TEXT,
    verdict       TEXT NOT NULL,
    reason        TEXT,
    message_data  TEXT,
    request_id    TEXT,
    state         TEXT NOT NULL,
    attempts      INTEGER NOT NULL DEFAULT 0,
    error_code    INTEGER,
    error         TEXT,
    message_id    TEXT,
    updated_at    TEXT,
    PRIMARY KEY (campaign_id, row),
    UNIQUE (campaign_id, request_id)
) WITHOUT ROWID;
INSERT INTO recipients_v2 SELECT campaign_id, row, phone_input, phone, verdict, reason, message_data, request_id,
    state, attempts, error_code, error, message_id, updated_at FROM recipients;
DROP TABLE recipients;
ALTER TABLE recipients_v2 RENAME TO recipients;
CREATE INDEX recipients_by_state ON recipients (campaign_id, state);
CREATE TABLE attempts (
    id           INTEGER PRIMARY KEY,
    campaign_id  INTEGER NOT NULL REFERENCES campaigns(id),
    row          INTEGER NOT NULL,
    phone        TEXT NOT NULL,
    kind         TEXT NOT NULL,
    started_at   REAL NOT NULL,
    finished_at  REAL,
    outcome      TEXT,
    error_code   INTEGER,
    error        TEXT
);
CREATE INDEX attempts_by_phone ON attempts (phone, kind, started_at);
ALTER TABLE campaigns ADD COLUMN quiet_start TEXT;
ALTER TABLE campaigns ADD COLUMN quiet_end TEXT;
ALTER TABLE campaigns ADD COLUMN time_zone TEXT NOT NULL DEFAULT 'Asia/Tehran';
ALTER TABLE campaigns ADD COLUMN start_at TEXT;
ALTER TABLE campaigns ADD COLUMN updated_at TEXT
"""

# v3: look-ups by phone (recent sends to one number, for support agents).
_MIGRATION_V3 = "CREATE INDEX recipients_by_phone ON recipients (phone)"

# v4: a hash of who gets what, so the same sheet is not sent twice by mistake.
_MIGRATION_V4 = """
ALTER TABLE campaigns ADD COLUMN content_hash TEXT;
CREATE INDEX campaigns_by_content_hash ON campaigns (bot_id, content_hash)
"""

# v5: the repeat guard per recipient: a key of service, bot, phone and message.
_MIGRATION_V5 = """
ALTER TABLE recipients ADD COLUMN repeat_key INTEGER;
CREATE INDEX recipients_by_repeat_key ON recipients (repeat_key) WHERE repeat_key IS NOT NULL
"""

# v6: campaigns sent by a process of their own: which process sends it, and a Pause or
# Cancel asked by another process (the window, `safir-campaign pause`), honoured by the sender.
_MIGRATION_V6 = """
ALTER TABLE campaigns ADD COLUMN runner TEXT;
ALTER TABLE campaigns ADD COLUMN stop_request TEXT;
ALTER TABLE campaigns ADD COLUMN stop_reason TEXT
"""

# v7: what changed since a moment, per campaign, read by whoever follows a sender.
_MIGRATION_V7 = "CREATE INDEX recipients_by_update ON recipients (campaign_id, updated_at)"

# v8: who made a campaign and on which machine, a recipient's lease (who claimed it, until
# when: the team store shares a campaign between senders; here only cleared), and the
# audit trail (who did what, from where).
_MIGRATION_V8 = """
ALTER TABLE campaigns ADD COLUMN created_by TEXT;
ALTER TABLE campaigns ADD COLUMN created_on TEXT;
ALTER TABLE recipients ADD COLUMN lease_owner TEXT;
ALTER TABLE recipients ADD COLUMN lease_until REAL;
CREATE TABLE audit (
    id           INTEGER PRIMARY KEY,
    at           TEXT NOT NULL,
    campaign_id  INTEGER,
    action       TEXT NOT NULL,
    os_user      TEXT NOT NULL,
    machine      TEXT NOT NULL,
    detail       TEXT
);
CREATE INDEX audit_by_campaign ON audit (campaign_id, id)
"""

# v9: settings the journal's users share (the frequency cap, approval), a campaign's
# approval and whether it ignores the frequency cap.
_MIGRATION_V9 = """
CREATE TABLE shared_settings (
    key          TEXT PRIMARY KEY,
    value        TEXT NOT NULL,
    updated_at   TEXT NOT NULL,
    updated_by   TEXT NOT NULL
);
ALTER TABLE campaigns ADD COLUMN ignore_cap INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaigns ADD COLUMN approval TEXT;
ALTER TABLE campaigns ADD COLUMN approval_note TEXT;
ALTER TABLE campaigns ADD COLUMN approved_by TEXT
"""

# v10: repeating campaigns: a series (its rule, what each run sends, when it runs next)
# and each run's campaign linked to it.
_MIGRATION_V10 = """
CREATE TABLE series (
    id           INTEGER PRIMARY KEY,
    name         TEXT NOT NULL,
    rule         TEXT NOT NULL,
    plan         TEXT NOT NULL,
    status       TEXT NOT NULL,
    status_note  TEXT,
    next_run     TEXT,
    created_at   TEXT NOT NULL,
    created_by   TEXT NOT NULL,
    updated_at   TEXT NOT NULL
);
ALTER TABLE campaigns ADD COLUMN series_id INTEGER REFERENCES series(id)
"""

# v11: the pace the sending process keeps now and whether the service's limit holds it
# under the set rate, for whoever follows it (the window, `watch`).
_MIGRATION_V11 = """
ALTER TABLE campaigns ADD COLUMN pace_per_minute REAL;
ALTER TABLE campaigns ADD COLUMN pace_slowed INTEGER NOT NULL DEFAULT 0
"""

# v12: a recipient's lease epoch (the fencing token of the team store's claims; here
# always 0), and the order in which campaigns became ready (the repeat guard's last look
# reads what became ready after its long look by this number, never by a clock).
_MIGRATION_V12 = """
ALTER TABLE recipients ADD COLUMN lease_epoch INTEGER NOT NULL DEFAULT 0;
ALTER TABLE campaigns ADD COLUMN ready_seq INTEGER;
UPDATE campaigns SET ready_seq = id WHERE status != 'creating'
"""

# v13: one pace per API key for the processes of this desktop (app/campaign/pacer.py): the
# learned limit and the schedule of starts, the starts of the last minute per tenth of a
# second, who sends with the key; and what a follower shows of a sender's pace.
_MIGRATION_V13 = """
CREATE TABLE pace (
    key          TEXT PRIMARY KEY,
    rate         REAL,
    next_slot    REAL NOT NULL DEFAULT 0,
    hold_until   REAL NOT NULL DEFAULT 0,
    learned_at   REAL,
    refused_at   REAL,
    probe_at     REAL,
    probe_step   REAL NOT NULL DEFAULT 0
);
CREATE TABLE pace_starts (
    key          TEXT NOT NULL,
    tick         INTEGER NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (key, tick)
) WITHOUT ROWID;
CREATE TABLE pace_users (
    key          TEXT NOT NULL,
    who          TEXT NOT NULL,
    seen         REAL NOT NULL,
    PRIMARY KEY (key, who)
) WITHOUT ROWID;
ALTER TABLE campaigns ADD COLUMN pace_limit REAL;
ALTER TABLE campaigns ADD COLUMN pace_sharing INTEGER NOT NULL DEFAULT 0
"""

# v14: a test send of a draft is marked as such: the frequency cap and the repeat guard
# do not count it (a test to one's own phone must not use up that phone's cap).
_MIGRATION_V14 = """
ALTER TABLE campaigns ADD COLUMN test_send INTEGER NOT NULL DEFAULT 0
"""

# v15: the SMS fallback (docs/sms.md): a campaign's opt-out line when it sends by SMS the
# numbers that have no Bale account (NULL: no fallback; '' none), and a recipient's
# channel, its SMS's delivery status and cost.
_MIGRATION_V15 = """
ALTER TABLE campaigns ADD COLUMN sms_fallback TEXT;
ALTER TABLE recipients ADD COLUMN channel TEXT NOT NULL DEFAULT 'bale';
ALTER TABLE recipients ADD COLUMN sms_status TEXT;
ALTER TABLE recipients ADD COLUMN sms_cost INTEGER
"""

# v16: the pace's proven level and the key's peak (app/campaign/pacer.py): a limit that fell
# is regained in seconds once the service accepts again.
_MIGRATION_V16 = """
ALTER TABLE pace ADD COLUMN proven REAL NOT NULL DEFAULT 0;
ALTER TABLE pace ADD COLUMN peak REAL NOT NULL DEFAULT 0
"""

# v17: a repeat is looked up by its phone and key (app/campaign/journal/repeats.py), through
# the phone's index: a second index of random keys made a million-row creation write each
# chunk's pages twice over (about a third of its time).
_MIGRATION_V17 = "DROP INDEX IF EXISTS recipients_by_repeat_key"

#: Migrations by the version they lead to; append, never edit.
MIGRATIONS: dict[int, str] = {1: _SCHEMA_V1, 2: _MIGRATION_V2, 3: _MIGRATION_V3, 4: _MIGRATION_V4,
                              5: _MIGRATION_V5, 6: _MIGRATION_V6, 7: _MIGRATION_V7, 8: _MIGRATION_V8,
                              9: _MIGRATION_V9, 10: _MIGRATION_V10, 11: _MIGRATION_V11, 12: _MIGRATION_V12,
                              13: _MIGRATION_V13, 14: _MIGRATION_V14,
                              15: _MIGRATION_V15, 16: _MIGRATION_V16, 17: _MIGRATION_V17}
