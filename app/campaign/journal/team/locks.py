"""The team store's own locks (docs/team.md, "No lock held against the team"): rows of
tables no member may lock, taken for a sender by the store's SECURITY DEFINER functions
inside the caller's transaction, so the store's timeouts end them with it.

They were advisory locks until an attack (migration 16): PUBLIC may call
``pg_advisory_lock`` (only a superuser could take that away, and the store's owner is
never one), and a lock taken for a session outlives every timeout, so a viewer holding
the creations' key in an idle session stopped every campaign creation of the team, and
one holding a phone number's key stopped every capped campaign that messaged it. Only a
new store's first migration still takes an advisory lock (:data:`MIGRATION_LOCK`): no
table exists yet; an upgrade locks ``safir_schema`` in a mode only its owner may take.

No viewer takes a lock another waits for: a viewer's own session may lift the store's
timeouts, so a lock it could take would be held for as long as it likes. A sender's
session can too; senders are trusted with sending, and what they hold shows in
``pg_stat_activity`` under their login (docs/team.md).

The same migration closes smaller holes those attacks found: any member could trim a
key's pace (``safir_trim_pace`` deletes rows every sender on the key locks) or revoke a
sender whose lease had lapsed (``safir_revoke_lapsed`` is a sender's doing, as it takes a
row over), one call could lock millions of numbers (rows nobody deletes), and an audit
entry's action could spell a decision with spaces between its letters ("a p p r o v e d")."""

from __future__ import annotations

from app.campaign.journal.pace import KEEP_SECONDS
from app.campaign.pacer import TICK

#: The advisory lock key the migration of a new store holds (the owner's; no table exists yet).
MIGRATION_LOCK = 0x5AF1
#: The most phone numbers one call of ``safir_lock_numbers`` locks: a batch of marks is far
#: fewer; more is a member filling the store's disk with keys.
MOST_NUMBERS_LOCKED = 10_000

MIGRATION_16 = r"""
CREATE TABLE store_locks (name TEXT COLLATE "C" PRIMARY KEY);
INSERT INTO store_locks VALUES ('creation');
CREATE TABLE number_locks (phone_key BIGINT PRIMARY KEY);

-- A creation's last look at what was created before it (the repeat guard) is one at a time.
CREATE OR REPLACE FUNCTION safir_lock_creations() RETURNS void LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    PERFORM 1 FROM public.store_locks WHERE name = 'creation' FOR UPDATE;
END $$;

-- A number's count under the frequency cap and the marks that follow it are one decision.
-- Keys are inserted and locked in ascending order, so two senders never wait in a circle.
CREATE OR REPLACE FUNCTION safir_lock_numbers(keys bigint[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    IF cardinality(keys) > MOST_NUMBERS_LOCKED THEN
        PERFORM public.safir_refuse('too_many_numbers', format('%s numbers at once: a batch locks at most %s',
                                    cardinality(keys), MOST_NUMBERS_LOCKED), 'count=' || cardinality(keys));
    END IF;
    INSERT INTO public.number_locks SELECT DISTINCT k FROM unnest(keys) AS t(k) ORDER BY k ON CONFLICT DO NOTHING;
    PERFORM 1 FROM public.number_locks WHERE phone_key = ANY (keys) ORDER BY phone_key FOR UPDATE;
END $$;

CREATE OR REPLACE FUNCTION safir_revoke_lapsed(campaign bigint, lapsed_row integer) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    UPDATE public.senders s SET revoked = true FROM public.recipients r
     WHERE r.campaign_id = campaign AND r.row = lapsed_row AND r.lease_until < extract(epoch FROM clock_timestamp())
       AND s.campaign_id = campaign AND s.owner = r.lease_owner AND NOT s.revoked;
END $$;

-- Trimming a key's pace deletes rows every sender on that key locks: a viewer holding
-- that delete in an idle transaction (its own session may lift the timeouts) stopped them.
CREATE OR REPLACE FUNCTION safir_trim_pace(pace_key text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    before double precision := extract(epoch FROM clock_timestamp()) - KEEP_SECONDS;
BEGIN
    PERFORM public.safir_need('sender');
    DELETE FROM public.pace_starts WHERE key = pace_key AND tick < floor(before / TICK);
    DELETE FROM public.pace_users WHERE key = pace_key AND seen < before;
END $$;

CREATE OR REPLACE FUNCTION safir_stamp_who() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN
        -- What carries authority is written by the store's own functions (as its owner) only.
        -- A member's own actions are plain words (created, sending, pause asked, exported…):
        -- none names a decision, whatever is put between its letters, nor hides a letter of
        -- another alphabet.
        IF current_user <> public.safir_owner()
           AND (NEW.action !~ '^[A-Za-z][A-Za-z -]*$'
                OR regexp_replace(lower(NEW.action), '[^a-z]', '', 'g')
                   ~ '(approv|reject|rule|member|copied|decid|grant|role)') THEN
            PERFORM public.safir_refuse('audit_reserved', format('"%s" is written into the audit trail by the '
                                        'store itself, never by a member', NEW.action), 'action=' || NEW.action);
        END IF;
        NEW.os_user := session_user;
        NEW.at := public.safir_now();
    ELSIF TG_TABLE_NAME = 'senders' THEN
        NEW.os_user := CASE WHEN TG_OP = 'UPDATE' THEN OLD.os_user ELSE session_user END;
    ELSIF TG_TABLE_NAME = 'suppression' THEN
        NEW.added_by := session_user;
    ELSIF TG_TABLE_NAME = 'series' THEN
        NEW.created_by := session_user;
    ELSIF TG_TABLE_NAME = 'shared_settings' THEN
        NEW.updated_by := session_user;
    END IF;
    RETURN NEW;
END $$;

REVOKE ALL ON store_locks, number_locks FROM PUBLIC;
REVOKE EXECUTE ON FUNCTION safir_lock_creations(), safir_lock_numbers(bigint[]) FROM PUBLIC;
DO $$
BEGIN
    -- As every function of the store: callable by its members, the role checked inside.
    EXECUTE format('GRANT EXECUTE ON FUNCTION safir_lock_creations(), safir_lock_numbers(bigint[]) TO %I',
                   public.safir_group('viewer'));
    EXECUTE format('REVOKE ALL ON store_locks, number_locks FROM %I', public.safir_group('viewer'));
END $$
""".replace("KEEP_SECONDS", repr(KEEP_SECONDS)).replace("TICK", repr(TICK)).replace(
    "MOST_NUMBERS_LOCKED", str(MOST_NUMBERS_LOCKED))
