"""Migration 18 of the team store: what a fifth attack through psql found, each closed by
the store itself (docs/team.md, "What the database enforces").

- An admin's copy (``safir.copying``, app/campaign/journal/team/moving.py) keeps makers and
  approvals as a desktop had them, and other checks step aside for it: an admin used that
  to write audit entries that looked like anyone's, to add rows to a campaign already
  approved, and to copy in a campaign "made by" someone else and then approve it. A copy
  now writes only the campaigns it inserts in that transaction (``copied_campaigns``,
  written by the store), and whoever copied a campaign in does not approve it.
- ``safir_retarget`` with nothing to change turned a rejected campaign back to "awaiting",
  unseen: it now needs a bot or a template, a campaign waits again only if its bot or
  message changed, and the store writes what changed into the audit trail.
- Another sender paused a campaign still being made (its maker's ``send`` then failed and
  left a campaign that had skipped the repeat guard's last look): a creation is its
  maker's alone until it is ready.
- A rejection that arrived between a starting sender's look at the approval and its
  "running" write was seen only at its next start: the store refuses "running" to a
  campaign that is not approved when it needs to be, under the same row lock
  ``safir_decide`` takes.
- ``safir_lock_numbers`` inserted a row per number it locked, and nobody deleted them
  (one statement of 30 calls added 300,000): numbers now lock one of a fixed set of
  stripes (:data:`NUMBER_STRIPES`); two numbers sharing one only wait for each other.
- A viewer's audit entry named any campaign id: it names one that exists, or none.

An attack on these fixes found more, closed here too: a statement that turned copying on
or off in its RETURNING list left a copy without a trace (whether a campaign is a copy is
now decided once, before it is written) and a rule change unaudited (a copy writes no
rule: every change is audited); "running" written over a "running" a dead sender left
skipped the approval check (it is checked whenever "running" is written); retargeting to
the template a campaign had rewrote its content and took its rejection back (what is the
same is not written); another sender leased and marked a creation's rows (its rows,
senders and attempts are its maker's too); and a copy's row could take another
campaign's request_id (checked as anyone's).

A third look found: a sender pinned an abandoned creation of hers with a campaign naming
it as parent, and every creation of the team failed on dropping it (a creation is nobody's
parent now, dropping one takes its senders and attempts, and a drop that fails is
skipped); a sender's FOR KEY SHARE on her campaign's row made every rejection fail on the
lock timeout while it went on (a decision takes the lock the sender's own writes take); a
campaign rejected while a member other than its maker sent it stayed "running" with its
outcomes unrecorded (a member's sender writes the rows it holds and settles its run, and
a write the store hides from a member is told, never taken for done); any sender rewrote
any campaign's attempts (a sender of its campaign's writes them). And from a review: a
member registered a sender on another's unapproved campaign, or moved her sender's row
there, to cancel it for good (only its maker or an admin registers one or cancels it; a
sender's row stays on its campaign).

A fourth look: an admin renamed the approval rule's row away, turning approval off unaudited
(a setting keeps its name; a rule deleted is audited); a sender inserted an attempt, with its
outcome, of another's campaign (attempts are written by a sender of their campaign); a
campaign made before approval was required was anyone's to pause, fail and finish (a
campaign with no approval counts as approved only while the team needs none); a retarget
that listed no rows left the rejected template in every row (every pending row is
rewritten); a maker changed her campaign's bot under its live sender, which went on with the
old one (a campaign is changed only with no live sender); a maker backdated her campaign as
she made it ready, past the repeat guard (its making time is the store's as it becomes ready).
"""

from __future__ import annotations

#: How many rows ``number_locks`` holds for ever: a phone number's key locks row key mod this.
NUMBER_STRIPES = 65_536

MIGRATION_18 = r"""
-- Whether a campaign with this approval may not be sent now: anything but "approved", and no
-- approval at all while the team needs one (app/campaign/approval.py check_sendable).
CREATE OR REPLACE FUNCTION safir_unapproved(approval text) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT approval IS DISTINCT FROM 'approved' AND (approval IS NOT NULL OR public.safir_needs_approval()) $$;

CREATE TABLE IF NOT EXISTS copied_campaigns (campaign_id BIGINT PRIMARY KEY, xact XID8, admin TEXT NOT NULL);
REVOKE ALL ON copied_campaigns FROM PUBLIC;
INSERT INTO copied_campaigns SELECT DISTINCT ON (campaign_id) campaign_id, NULL, os_user FROM audit
 WHERE action = 'copied in' AND campaign_id IS NOT NULL ORDER BY campaign_id ON CONFLICT DO NOTHING;

-- Whether a campaign is a copy is decided once, before it is written, by the same look as
-- the maker's stamp: a statement that turned copying on or off in its RETURNING list made
-- a copy that left no trace, or a rule change no entry, when triggers after the write
-- looked again.
CREATE OR REPLACE FUNCTION safir_copy_recorded() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        INSERT INTO public.copied_campaigns VALUES (NEW.id, pg_current_xact_id(), session_user);
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER copy_recorded BEFORE INSERT ON campaigns FOR EACH ROW
    EXECUTE FUNCTION safir_copy_recorded();

CREATE OR REPLACE FUNCTION safir_copied_in() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM public.copied_campaigns WHERE campaign_id = NEW.id AND xact = pg_current_xact_id()) THEN
        INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
        VALUES (public.safir_now(), NEW.id, 'copied in', session_user, '',
                'written by the store: its maker and approval are as the copy gave them');
    END IF;
    RETURN NULL;
END $$;

-- A copy writes no rule (the rules come in outside it), so every rule change is audited,
-- a rule deleted too; and a rule's row keeps its key (renamed away, the rule was gone unseen).
CREATE OR REPLACE FUNCTION safir_audit_rule() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    rule text := CASE WHEN TG_OP = 'DELETE' THEN OLD.key ELSE NEW.key END;
    said text := CASE WHEN TG_OP = 'DELETE' THEN 'deleted' ELSE left(NEW.value, 500) END;
BEGIN
    IF rule IN ('approval', 'frequency_cap', 'templates', 'prices') THEN
        INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
        VALUES (public.safir_now(), NULL, 'rule changed: ' || rule, session_user, '', said);
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER audit_rule AFTER INSERT OR UPDATE OR DELETE ON shared_settings FOR EACH ROW
    EXECUTE FUNCTION safir_audit_rule();
CREATE OR REPLACE FUNCTION safir_key_stays() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.key IS DISTINCT FROM OLD.key AND current_user <> public.safir_owner() THEN
        PERFORM public.safir_refuse('setting_keeps_its_name', format('the setting %s keeps its name', OLD.key),
                                    'setting=' || OLD.key, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER key_stays BEFORE UPDATE ON shared_settings FOR EACH ROW EXECUTE FUNCTION safir_key_stays();

-- A copied row's request_id is checked as anyone's (a copy gave one of another campaign's).
CREATE OR REPLACE FUNCTION safir_one_message_a_request() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM public.recipients o JOIN public.campaigns oc ON oc.id = o.campaign_id
                 JOIN public.campaigns nc ON nc.id = NEW.campaign_id
                WHERE o.request_id = NEW.request_id
                  AND (o.phone IS DISTINCT FROM NEW.phone OR o.message_data IS DISTINCT FROM NEW.message_data
                       OR oc.bot_id IS DISTINCT FROM nc.bot_id OR oc.base_url IS DISTINCT FROM nc.base_url)) THEN
        IF current_user <> public.safir_owner() THEN  -- asked only then: costly
            PERFORM public.safir_refuse('request_id_taken', format('row %s of campaign %s takes a request_id '
                                        'another phone or message has', NEW.row, NEW.campaign_id),
                                        format('campaign=%s;row=%s', NEW.campaign_id, NEW.row));
        END IF;
    END IF;
    RETURN NEW;
END $$;

-- Whether ``campaign`` was copied in by this very transaction (a copy writes nothing else).
CREATE OR REPLACE FUNCTION safir_copied_now(campaign bigint) RETURNS boolean LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT EXISTS (SELECT 1 FROM public.copied_campaigns WHERE campaign_id = campaign
                         AND xact = pg_current_xact_id()) $$;

CREATE OR REPLACE FUNCTION safir_copy_fence() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE campaign bigint;
BEGIN
    IF public.safir_copying() AND current_user <> public.safir_owner() THEN
        IF TG_TABLE_NAME = 'campaigns' THEN
            campaign := OLD.id;
        ELSIF TG_TABLE_NAME IN ('recipients', 'attempts', 'audit') AND TG_OP = 'DELETE' THEN
            campaign := OLD.campaign_id;
        ELSIF TG_TABLE_NAME IN ('recipients', 'attempts') THEN
            campaign := NEW.campaign_id;
        ELSIF TG_TABLE_NAME = 'audit' THEN  -- a statement of its own: only an audit row has an action
            campaign := CASE WHEN NEW.action = 'copied' THEN NEW.campaign_id END;
        END IF;
        IF campaign IS NULL OR NOT public.safir_copied_now(campaign) THEN
            PERFORM public.safir_refuse('copy_writes_its_own', format('a copy writes only the campaigns it copies '
                                        'in (%s of campaign %s)', TG_TABLE_NAME, COALESCE(campaign::text, '-')),
                                        'table=' || TG_TABLE_NAME);
        END IF;
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN  -- the copy's own entry: who and when are the store's
        NEW.os_user := session_user;
        NEW.at := public.safir_now();
    END IF;
    RETURN NEW;
END $$;
DO $$
DECLARE shared text;
BEGIN
    FOREACH shared IN ARRAY ARRAY['campaigns', 'recipients', 'attempts', 'audit', 'senders', 'series', 'suppression',
                                  'shared_settings']
    LOOP
        EXECUTE format('CREATE OR REPLACE TRIGGER copy_fence BEFORE %s ON %I FOR EACH ROW'
                       ' WHEN (current_setting(''safir.copying'', true) = ''on'') EXECUTE FUNCTION safir_copy_fence()',
                       CASE WHEN shared = 'campaigns' THEN 'UPDATE OR DELETE' ELSE 'INSERT OR UPDATE OR DELETE' END,
                       shared);
    END LOOP;
END $$;
DROP POLICY IF EXISTS only_while_creating ON recipients;
CREATE POLICY only_while_creating ON recipients FOR INSERT
    WITH CHECK ((public.safir_copying() AND public.safir_copied_now(campaign_id))
                OR EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = campaign_id
                           AND c.status = 'creating' AND c.created_by = session_user));

-- A campaign's maker does not approve it, nor does whoever copied it in (as made by another).
CREATE OR REPLACE FUNCTION safir_copier_cannot_approve() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.approval = 'approved' AND EXISTS (SELECT 1 FROM public.copied_campaigns WHERE campaign_id = OLD.id
                                             AND admin = NEW.approved_by) THEN
        PERFORM public.safir_refuse('maker_cannot_approve', format('%s copied campaign %s in: another approver '
                                    'must approve or reject it', NEW.approved_by, OLD.id),
                                    'member=' || NEW.approved_by);
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER copier_cannot_approve BEFORE UPDATE OF approval, approved_by ON campaigns FOR EACH ROW
    WHEN (NEW.approval IS DISTINCT FROM OLD.approval OR NEW.approved_by IS DISTINCT FROM OLD.approved_by)
    EXECUTE FUNCTION safir_copier_cannot_approve();

-- A campaign being made is its maker's alone (the store's own functions drop abandoned ones).
-- And it starts sending only approved, when it needs to be: under the row's lock, so a
-- rejection is either seen here or finds it running (and pauses it).
CREATE OR REPLACE FUNCTION safir_campaign_bounds() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF OLD.status = 'creating' AND OLD.created_by IS DISTINCT FROM session_user THEN
        PERFORM public.safir_refuse('still_creating', format('campaign %s is still being made by %s: nobody else '
                                    'changes it', OLD.id, OLD.created_by),
                                    format('campaign=%s;member=%s', OLD.id, OLD.created_by), 'P0001');
    END IF;
    -- A campaign not approved is cancelled by its maker or an admin only (a member's sender
    -- of it writes what it holds, never the campaign's end).
    IF ((NEW.status = 'cancelled' AND OLD.status IS DISTINCT FROM 'cancelled')
        OR (NEW.stop_request = 'cancel' AND OLD.stop_request IS DISTINCT FROM 'cancel'))
       AND public.safir_unapproved(OLD.approval)
       AND OLD.created_by IS DISTINCT FROM session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_campaign', format('campaign %s is %s''s: only its maker or an admin '
                                    'changes it', OLD.id, OLD.created_by),
                                    format('campaign=%s;member=%s', OLD.id, OLD.created_by));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER bounds BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION safir_campaign_bounds();

-- A campaign's making time, which the repeat guard's 30 days count by, is the store's as
-- it becomes ready (a maker backdated hers to 2000 as she made it ready, and the same
-- sheet went out twice).
CREATE OR REPLACE FUNCTION safir_ready_now() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF OLD.status = 'creating' AND NEW.status IS DISTINCT FROM 'creating' AND current_user <> public.safir_owner()
       AND NOT public.safir_copying() THEN
        NEW.created_at := public.safir_now();
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER zz_ready_now BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION safir_ready_now();

-- Whenever a sender writes "running" (also over a "running" a dead sender left), the
-- campaign must be approved when the team needs it.
CREATE OR REPLACE FUNCTION safir_starts_approved() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user <> public.safir_owner() AND NOT public.safir_copying()
       AND public.safir_unapproved(NEW.approval) THEN
        PERFORM public.safir_refuse('not_approved', format('campaign %s is not approved (%s): it is sent only once '
                                    'an approver approves it', OLD.id, COALESCE(NEW.approval, 'awaiting')),
                                    'campaign=' || OLD.id, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER starts_approved BEFORE UPDATE OF status ON campaigns FOR EACH ROW
    WHEN (NEW.status = 'running') EXECUTE FUNCTION safir_starts_approved();

-- Nor are its rows, its senders or its attempts anyone else's while it is being made.
-- (Its rows: the policy senders_send below.)
CREATE OR REPLACE FUNCTION safir_not_while_creating() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE maker text;
BEGIN
    SELECT created_by INTO maker FROM public.campaigns WHERE id = NEW.campaign_id AND status = 'creating';
    IF FOUND AND maker IS DISTINCT FROM session_user AND current_user <> public.safir_owner()
       AND NOT public.safir_copying() THEN
        PERFORM public.safir_refuse('still_creating', format('campaign %s is still being made by %s: nobody else '
                                    'changes it', NEW.campaign_id, maker),
                                    format('campaign=%s;member=%s', NEW.campaign_id, maker), 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER not_while_creating BEFORE INSERT ON senders FOR EACH ROW
    EXECUTE FUNCTION safir_not_while_creating();
-- A member's sender of a campaign writes what it holds (the policies below), so only its
-- maker or an admin registers one for a campaign that is not approved when it needs to
-- be (another member registered on one, then cancelled it for good); a sender already
-- registered registers again as it takes its leases back.
CREATE OR REPLACE FUNCTION safir_sender_registers() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record;
BEGIN
    SELECT created_by, approval INTO c FROM public.campaigns WHERE id = NEW.campaign_id;
    IF FOUND AND public.safir_unapproved(c.approval)
       AND c.created_by IS DISTINCT FROM session_user AND current_user <> public.safir_owner()
       AND NOT public.safir_is('admin')
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = NEW.campaign_id AND s.owner = NEW.owner
                       AND s.os_user = session_user) THEN
        PERFORM public.safir_refuse('not_approved', format('campaign %s is not approved (%s): it is sent only once '
                                    'an approver approves it', NEW.campaign_id, COALESCE(c.approval, 'awaiting')),
                                    'campaign=' || NEW.campaign_id, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER sender_registers BEFORE INSERT ON senders FOR EACH ROW
    EXECUTE FUNCTION safir_sender_registers();
-- Nor does a member's sender row move to another campaign or take another's name (a
-- member registered on an approved campaign, then moved her row to a rejected one).
CREATE OR REPLACE FUNCTION safir_sender_stays() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF (NEW.campaign_id, NEW.owner) IS DISTINCT FROM (OLD.campaign_id, OLD.owner)
       AND current_user <> public.safir_owner() THEN
        PERFORM public.safir_refuse('not_your_sender', format('the sender %s of campaign %s stays what it was '
                                    'registered as', OLD.owner, OLD.campaign_id),
                                    format('campaign=%s;owner=%s;member=%s', OLD.campaign_id, OLD.owner,
                                           OLD.os_user));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER sender_stays BEFORE UPDATE ON senders FOR EACH ROW EXECUTE FUNCTION safir_sender_stays();
CREATE OR REPLACE TRIGGER not_while_creating BEFORE INSERT ON attempts FOR EACH ROW
    EXECUTE FUNCTION safir_not_while_creating();

-- A stopped campaign changes its bot or template (never nothing), waits again only if it
-- changed (the stamp trigger sees to that), and the store says what changed in the trail.
CREATE OR REPLACE FUNCTION safir_retarget(campaign bigint, bot bigint, template text, rows_ integer[])
    RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record; changed integer;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', campaign), 'campaign=' || campaign,
                                    'P0001');
    END IF;
    IF c.status IN ('finished', 'cancelled', 'running') THEN
        PERFORM public.safir_refuse('not_stopped', format('campaign %s is %s; only a stopped campaign can be '
                                    'changed', campaign, c.status), format('campaign=%s;status=%s', campaign,
                                                                           c.status), 'P0001');
    END IF;
    IF c.created_by <> session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_campaign', format('campaign %s is %s''s: only its maker or an admin '
                                    'changes it', campaign, c.created_by),
                                    format('campaign=%s;member=%s', campaign, c.created_by));
    END IF;
    IF EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = campaign AND NOT s.revoked
               AND s.heartbeat > extract(epoch FROM clock_timestamp()) - 10) THEN  -- one sends it still
        PERFORM public.safir_refuse('not_stopped', format('campaign %s is running; only a stopped campaign can be '
                                    'changed', campaign), format('campaign=%s;status=running', campaign), 'P0001');
    END IF;
    IF bot IS NULL AND template IS NULL THEN
        PERFORM public.safir_refuse('nothing_to_change', format('campaign %s: name the bot or the template to '
                                    'change', campaign), 'campaign=' || campaign, 'P0001');
    END IF;
    -- What is the same stays as written (jsonb_set rewrites the text, which is a change).
    bot := NULLIF(bot, c.bot_id);
    template := NULLIF(template, c.content::jsonb ->> 'template_id');
    UPDATE public.campaigns SET bot_id = COALESCE(bot, bot_id),
        content = CASE WHEN template IS NULL THEN content
                       ELSE jsonb_set(content::jsonb, '{template_id}', to_jsonb(template))::text END,
        updated_at = public.safir_now() WHERE id = campaign;
    UPDATE public.recipients r SET request_id = gen_random_uuid()::text, error_code = NULL, error = NULL,
        message_data = CASE WHEN template IS NULL THEN r.message_data
                            ELSE jsonb_set(r.message_data::jsonb, '{template_message,template_id}',
                                           to_jsonb(template))::text END
     WHERE r.campaign_id = campaign AND r.state = 'pending';  -- every one (rows_ is the caller's look, no more)
    GET DIAGNOSTICS changed = ROW_COUNT;
    INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
    VALUES (public.safir_now(), campaign, 'bot or template changed', session_user, '',
            format('bot %s -> %s; template %s -> %s; %s recipients not sent yet', c.bot_id, COALESCE(bot, c.bot_id),
                   COALESCE(c.content::jsonb ->> 'template_id', '-'),
                   COALESCE(template, c.content::jsonb ->> 'template_id', '-'), changed));
    RETURN changed;
END $$;

-- A number's key locks one of a fixed set of rows: nothing a member calls adds rows.
TRUNCATE number_locks;
INSERT INTO number_locks SELECT generate_series(0, NUMBER_STRIPES - 1);
CREATE OR REPLACE FUNCTION safir_lock_numbers(keys bigint[]) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    IF cardinality(keys) > MOST_NUMBERS_LOCKED THEN
        PERFORM public.safir_refuse('too_many_numbers', format('%s numbers at once: a batch locks at most %s',
                                    cardinality(keys), MOST_NUMBERS_LOCKED), 'count=' || cardinality(keys));
    END IF;
    PERFORM 1 FROM public.number_locks
     WHERE phone_key IN (SELECT ((k % NUMBER_STRIPES) + NUMBER_STRIPES) % NUMBER_STRIPES FROM unnest(keys) AS t(k))
     ORDER BY phone_key FOR UPDATE;
END $$;

-- A decision waits on no lock a member's session may hold for as long as it likes: a
-- sender held a campaign's row FOR KEY SHARE (as any reference to it takes) and every
-- rejection failed on the lock timeout while her campaign went on. A decision's lock is
-- the one the sender's own writes take, so whatever stops it stops them too.
CREATE OR REPLACE FUNCTION safir_decide(campaign bigint, approve boolean, reason text, machine text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record;
BEGIN
    approve := COALESCE(approve, false);  -- no decision is a rejection: it needs its reason
    PERFORM public.safir_need('approver');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR NO KEY UPDATE;
    IF NOT FOUND THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', campaign), 'campaign=' || campaign,
                                    'P0001');
    END IF;
    IF c.approval IS NULL AND NOT public.safir_needs_approval() THEN
        PERFORM public.safir_refuse('needs_no_approval', format('campaign %s needs no approval', campaign),
                                    'campaign=' || campaign, 'P0001');
    END IF;
    IF c.status IN ('finished', 'cancelled') THEN
        PERFORM public.safir_refuse('nothing_to_decide', format('campaign %s is %s; there is nothing to decide',
                                    campaign, c.status), 'status=' || c.status, 'P0001');
    END IF;
    IF c.created_by = session_user THEN
        PERFORM public.safir_refuse('maker_cannot_approve', format('%s made campaign %s: another approver must '
                                    'approve or reject it', session_user, campaign), 'member=' || session_user);
    END IF;
    IF NOT approve AND COALESCE(btrim(reason), '') = '' THEN
        PERFORM public.safir_refuse('reason_needed', 'say why it is rejected: the sentence goes back to whoever '
                                    'made it', '', 'P0001');
    END IF;
    UPDATE public.campaigns SET approval = CASE WHEN approve THEN 'approved' ELSE 'rejected' END,
        approved_by = session_user, approval_note = CASE WHEN approve THEN NULL ELSE btrim(reason) END,
        -- A rejected campaign's sender at work pauses within a second (one starting finds it
        -- rejected as it claims it).
        stop_request = CASE WHEN approve OR c.status <> 'running' THEN stop_request ELSE 'pause' END,
        stop_reason = CASE WHEN approve OR c.status <> 'running' THEN stop_reason
                           ELSE json_build_object('code', 'rejected', 'params', json_build_object(
                                    'member', session_user, 'note', btrim(reason)))::text END,
        updated_at = public.safir_now() WHERE id = campaign;
    INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
    VALUES (public.safir_now(), campaign, CASE WHEN approve THEN 'approved' ELSE 'rejected' END, session_user,
            COALESCE(machine, ''), CASE WHEN approve THEN NULL ELSE btrim(reason) END);
END $$;

-- A run of a campaign rejected while a member other than its maker sent it settled
-- nothing: the rows of an unapproved campaign are its maker's, and its sender's writes
-- (the outcomes of the rows it held, "paused") changed no row. A member's sender of the
-- campaign writes what it holds.
DROP POLICY IF EXISTS unapproved_is_the_makers ON campaigns;
CREATE POLICY unapproved_is_the_makers ON campaigns FOR UPDATE
    USING (NOT public.safir_unapproved(approval)
           OR created_by = session_user OR public.safir_is('admin')
           OR EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = campaigns.id AND s.os_user = session_user));
DROP POLICY IF EXISTS senders_send ON recipients;
CREATE POLICY senders_send ON recipients FOR UPDATE
    USING (EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = campaign_id
                   AND (c.status <> 'creating' OR c.created_by = session_user)
                   AND (NOT public.safir_unapproved(c.approval)
                        OR c.created_by = session_user
                        OR public.safir_is('admin')
                        OR EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id
                                   AND s.owner = recipients.lease_owner AND s.os_user = session_user))))
    WITH CHECK (EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = campaign_id
                        AND (c.status <> 'creating' OR c.created_by = session_user)
                        AND (NOT public.safir_unapproved(c.approval)
                        OR c.created_by = session_user
                             OR public.safir_is('admin')
                             OR EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id
                                        AND s.os_user = session_user))));

-- A creation is nobody's parent (a member pinned an abandoned creation of hers with a
-- campaign naming it, and every creation of the team failed to drop it), and dropping one
-- takes its own senders and attempts with it.
CREATE OR REPLACE FUNCTION safir_parent_is_made() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.parent_id IS NOT NULL AND current_user <> public.safir_owner()
       AND EXISTS (SELECT 1 FROM public.campaigns WHERE id = NEW.parent_id AND status = 'creating') THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', NEW.parent_id),
                                    'campaign=' || NEW.parent_id, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER parent_is_made BEFORE INSERT OR UPDATE OF parent_id ON campaigns FOR EACH ROW
    EXECUTE FUNCTION safir_parent_is_made();
CREATE OR REPLACE FUNCTION safir_drop_creation(campaign bigint) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    IF NOT EXISTS (SELECT 1 FROM public.campaigns WHERE id = campaign AND status = 'creating'
                   AND (created_by = session_user OR updated_at IS NULL
                        OR updated_at < to_char((clock_timestamp() - interval '10 minutes') AT TIME ZONE 'UTC',
                                                'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"'))) THEN
        RETURN false;
    END IF;
    UPDATE public.campaigns SET parent_id = NULL WHERE parent_id = campaign;
    DELETE FROM public.attempts WHERE campaign_id = campaign;
    DELETE FROM public.senders WHERE campaign_id = campaign;
    DELETE FROM public.recipients WHERE campaign_id = campaign;
    DELETE FROM public.campaigns WHERE id = campaign AND status = 'creating';
    RETURN true;
END $$;

-- An attempt's outcome is written by a sender of its campaign's (any sender rewrote any).
CREATE OR REPLACE FUNCTION safir_attempt_by_its_sender() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user <> public.safir_owner() AND NOT public.safir_copying()
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = NEW.campaign_id
                       AND s.os_user = session_user) THEN
        PERFORM public.safir_refuse('not_your_lease', format('row %s of campaign %s is not held by a sender of '
                                    '%s: only the sender that holds it records it sent', NEW.row, NEW.campaign_id,
                                    session_user), format('campaign=%s;row=%s;member=%s', NEW.campaign_id, NEW.row,
                                                          session_user));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER by_its_sender BEFORE INSERT OR UPDATE ON attempts FOR EACH ROW
    EXECUTE FUNCTION safir_attempt_by_its_sender();

-- A viewer's own entry (exported, report) names a campaign that exists, or none.
CREATE OR REPLACE FUNCTION safir_viewer_names_a_campaign() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.campaign_id IS NOT NULL AND current_user <> public.safir_owner() AND NOT public.safir_is('sender')
       AND NOT EXISTS (SELECT 1 FROM public.campaigns WHERE id = NEW.campaign_id AND status <> 'creating') THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', NEW.campaign_id),
                                    'campaign=' || NEW.campaign_id, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER viewer_names_a_campaign BEFORE INSERT ON audit FOR EACH ROW
    EXECUTE FUNCTION safir_viewer_names_a_campaign();
"""


def migration_18(most_numbers_locked: int) -> str:
    """Migration 18's SQL with the store's limits written in (``most_numbers_locked``:
    app/campaign/journal/team/locks.py)."""
    return MIGRATION_18.replace("NUMBER_STRIPES", str(NUMBER_STRIPES)).replace(
        "MOST_NUMBERS_LOCKED", str(most_numbers_locked))
