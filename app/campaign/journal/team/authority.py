"""Who may do what on a team store, decided by PostgreSQL itself (docs/team.md, "Members
and roles"): the migration that sets it up, and the calls the app makes through it.

A person is a PostgreSQL login role. Four group roles per store (named after its
database, since role names are the whole server's): *viewer* (reads), *sender* (makes and
sends campaigns, edits the suppression list), *approver* (sender + approves or rejects
others' campaigns), *admin* (approver + the team's rules, templates, prices, members).
The store's tables belong to its owner (the login that set it up, an admin too); members
get only their group's GRANTs, column privileges keep a campaign's approval and maker
out of their reach, row security keeps rules to admins and an unapproved campaign to its
maker (and admins), and what carries authority (approving, rejecting, members) runs in
SECURITY DEFINER functions that check the caller (``session_user``) and that an approver
is not the campaign's maker. Triggers stamp every "who" column with ``session_user`` and
the audit trail is INSERT-only for members: psql gives a member exactly the app's answers.

Hardened against members who bypass the app (docs/team.md, "What the database
enforces"): functions run with ``search_path`` = pg_catalog, pg_temp and name every object
of the store in full; a store's admin creates and re-passwords only the logins this store
made (never another store's people, a superuser or a role that can create roles); the
group roles are refused when someone else made them; members insert no ids of their own
(nobody can block the store's sequences) and change only the columns sending needs; a
recipient is added only to a campaign its member is creating; changing what a campaign
sends or where (its bot, template, service address) goes through the store's function
and makes it wait for approval again.

A refusal is SQLSTATE 42501 (or P0001) with a HINT ``safir:CODE:KEY=VALUE;…``; the app
turns the code and its parameters into its own sentence (app.reasons.TEAM_PROBLEMS, in the
user's language), psql shows the English one.
"""

from __future__ import annotations

from app.campaign.journal.pace import KEEP_SECONDS
from app.campaign.pacer import TICK

#: Shared settings only admins change: the team's rules, template library and prices.
RULE_KEYS = ("approval", "frequency_cap", "templates", "prices")

#: The migration (schema 6). Run as one script (functions have bodies), by the store's
#: owner, who needs CREATEROLE and must not be a superuser (the store's functions run as
#: the owner). It may run again over what it made (a store whose version was set back):
#: it replaces, never fails.
MIGRATION_6 = r"""
DO $$ BEGIN
    -- PostgreSQL 14 lets anyone create objects in public; 15 and later already do not.
    EXECUTE 'REVOKE CREATE ON SCHEMA public FROM PUBLIC';
EXCEPTION WHEN insufficient_privilege THEN
    RAISE NOTICE 'public schema left as it is (owned by another role)';
END $$;

CREATE TABLE IF NOT EXISTS safir_logins (
    member      TEXT PRIMARY KEY,
    made_at     TEXT NOT NULL
);
-- The group roles this store made, by oid: a role of the same name made by anyone else is
-- never adopted (its name, and any comment on it, anyone could have chosen).
CREATE TABLE IF NOT EXISTS safir_groups (
    role_oid    OID PRIMARY KEY
);
-- The order in which campaigns become ready (the repeat guard's last look), given by the
-- store: members cannot set it.
CREATE SEQUENCE IF NOT EXISTS safir_ready_seq;
SELECT setval('safir_ready_seq', GREATEST((SELECT COALESCE(MAX(ready_seq), 0) FROM campaigns),
                                          (SELECT last_value FROM safir_ready_seq)), true);

CREATE OR REPLACE FUNCTION safir_group(role text) RETURNS text LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT current_database() || '_' || role $$;

CREATE OR REPLACE FUNCTION safir_is(role text) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = public.safir_group(role))
              AND pg_has_role(session_user, public.safir_group(role), 'MEMBER') $$;

CREATE OR REPLACE FUNCTION safir_owner() RETURNS text LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT pg_get_userbyid(relowner)::text FROM pg_class WHERE oid = 'public.campaigns'::regclass $$;

CREATE OR REPLACE FUNCTION safir_role_of(who text) RETURNS text LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT CASE WHEN who = public.safir_owner() THEN 'owner'
              ELSE COALESCE((SELECT g.r FROM unnest(ARRAY['admin', 'approver', 'sender', 'viewer'])
                                             WITH ORDINALITY AS g(r, n)
                              WHERE EXISTS (SELECT 1 FROM pg_auth_members m JOIN pg_roles gr ON gr.oid = m.roleid
                                            JOIN pg_roles mr ON mr.oid = m.member
                                            WHERE gr.rolname = public.safir_group(g.r) AND mr.rolname = who)
                              ORDER BY g.n LIMIT 1), 'none') END $$;

CREATE OR REPLACE FUNCTION safir_now() RETURNS text LANGUAGE sql VOLATILE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT to_char(clock_timestamp() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"+00:00"') $$;

-- Refusals: 42501 with the role needed, or P0001 with what is wrong; the HINT carries the code.
CREATE OR REPLACE FUNCTION safir_refuse(code text, message text, params text DEFAULT '', state text DEFAULT '42501')
    RETURNS void LANGUAGE plpgsql SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    RAISE EXCEPTION USING ERRCODE = state, MESSAGE = message, HINT = 'safir:' || code || ':' || params;
END $$;

CREATE OR REPLACE FUNCTION safir_need(role text) RETURNS void LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NOT public.safir_is(role) THEN
        PERFORM public.safir_refuse('role_needed', format('this needs the %s role on this team store (%s is %s)',
                                    role, session_user, public.safir_role_of(session_user)),
                                    format('role=%s;member=%s;has=%s', role, session_user,
                                           public.safir_role_of(session_user)));
    END IF;
END $$;

-- Copying a desktop's journal in (an admin's): makers and approvals as that desktop had them.
CREATE OR REPLACE FUNCTION safir_copying() RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT COALESCE(current_setting('safir.copying', true), '') = 'on' AND public.safir_is('admin') $$;

CREATE OR REPLACE FUNCTION safir_needs_approval() RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT COALESCE((SELECT (value::jsonb ->> 'required')::boolean FROM public.shared_settings
                           WHERE key = 'approval'), false) $$;

-- Who did it is the connection's role, whatever the client wrote; a new campaign awaits
-- approval under the rule (a retry or a rest too: nothing goes out without an approver's
-- OK); a changed message, bot, service or audience waits again.
CREATE OR REPLACE FUNCTION safir_stamp_campaign() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.ready_seq := CASE WHEN NEW.status <> 'creating' THEN nextval('public.safir_ready_seq') END;
        IF public.safir_copying() THEN
            RETURN NEW;
        END IF;
        NEW.created_by := session_user;
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
        NEW.approval := CASE WHEN public.safir_needs_approval() THEN 'awaiting' END;
        RETURN NEW;
    END IF;
    -- A creation's rows are written only while it is creating: nobody takes a campaign back
    -- there to add rows to it, and a finished one stays finished.
    IF current_user <> public.safir_owner() AND NEW.status IS DISTINCT FROM OLD.status
       AND (NEW.status = 'creating' OR OLD.status = 'finished') THEN
        PERFORM public.safir_refuse('status_not_allowed', format('campaign %s cannot go from %s to %s', OLD.id,
                                    OLD.status, NEW.status), format('campaign=%s;status=%s', OLD.id, OLD.status));
    END IF;
    NEW.ready_seq := CASE WHEN OLD.status = 'creating' AND NEW.status <> 'creating'
                          THEN nextval('public.safir_ready_seq') ELSE OLD.ready_seq END;
    IF (NEW.bot_id, NEW.content, NEW.base_url, NEW.kind, NEW.ignore_cap, NEW.parent_id)
          IS DISTINCT FROM (OLD.bot_id, OLD.content, OLD.base_url, OLD.kind, OLD.ignore_cap, OLD.parent_id)
          AND (OLD.approval IS NOT NULL OR public.safir_needs_approval()) THEN
        NEW.approval := 'awaiting';  -- a changed campaign is not the one approved
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT OR UPDATE ON campaigns FOR EACH ROW
    EXECUTE FUNCTION safir_stamp_campaign();

CREATE OR REPLACE FUNCTION safir_stamp_who() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN
        -- What carries authority is written by the store's own functions (as its owner) only.
        IF current_user <> public.safir_owner()
           AND (lower(btrim(NEW.action)) IN ('approved', 'rejected', 'copied')
                OR lower(btrim(NEW.action)) ~ '^(rule|member|approv|reject)') THEN
            PERFORM public.safir_refuse('audit_reserved', format('"%s" is written into the audit trail by the '
                                        'store itself, never by a member', NEW.action), 'action=' || NEW.action);
        END IF;
        NEW.os_user := session_user;
        NEW.at := public.safir_now();
    ELSIF TG_TABLE_NAME = 'senders' THEN
        NEW.os_user := session_user;
    ELSIF TG_TABLE_NAME = 'suppression' THEN
        NEW.added_by := session_user;
    ELSIF TG_TABLE_NAME = 'series' THEN
        NEW.created_by := session_user;
    ELSIF TG_TABLE_NAME = 'shared_settings' THEN
        NEW.updated_by := session_user;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION safir_stamp_who();
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT OR UPDATE ON senders FOR EACH ROW EXECUTE FUNCTION safir_stamp_who();
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT ON suppression FOR EACH ROW EXECUTE FUNCTION safir_stamp_who();
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT ON series FOR EACH ROW EXECUTE FUNCTION safir_stamp_who();
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT OR UPDATE ON shared_settings FOR EACH ROW
    EXECUTE FUNCTION safir_stamp_who();

-- A recipient that was sent, or skipped, stays so (nobody sends it again under a new request_id).
CREATE OR REPLACE FUNCTION safir_final_stays() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF OLD.state IN ('sent', 'skipped') AND NEW.state IS DISTINCT FROM OLD.state
       AND current_user <> public.safir_owner() THEN
        PERFORM public.safir_refuse('final_stays', format('row %s of campaign %s was %s: it stays so', OLD.row,
                                    OLD.campaign_id, OLD.state), format('campaign=%s;status=%s', OLD.campaign_id,
                                                                        OLD.state));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER final_stays BEFORE UPDATE ON recipients FOR EACH ROW EXECUTE FUNCTION safir_final_stays();

-- A rule changed is audited, whoever changed it and however (as the store: the audit's own rule).
CREATE OR REPLACE FUNCTION safir_audit_rule() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.key IN ('approval', 'frequency_cap', 'templates', 'prices') AND NOT public.safir_copying() THEN
        INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
        VALUES (public.safir_now(), NULL, 'rule changed: ' || NEW.key, session_user, '', left(NEW.value, 500));
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER audit_rule AFTER INSERT OR UPDATE ON shared_settings FOR EACH ROW
    EXECUTE FUNCTION safir_audit_rule();

-- Rules are the admins'; an unapproved campaign is its maker's and the admins'; a recipient is
-- added only to a campaign its member is creating.
ALTER TABLE shared_settings ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS everyone_reads ON shared_settings;
CREATE POLICY everyone_reads ON shared_settings FOR SELECT USING (true);
DROP POLICY IF EXISTS rules_are_admins ON shared_settings;
CREATE POLICY rules_are_admins ON shared_settings FOR INSERT
    WITH CHECK (key NOT IN ('approval', 'frequency_cap', 'templates', 'prices') OR public.safir_is('admin'));
DROP POLICY IF EXISTS rules_are_admins_to_change ON shared_settings;
CREATE POLICY rules_are_admins_to_change ON shared_settings FOR UPDATE
    USING (key NOT IN ('approval', 'frequency_cap', 'templates', 'prices') OR public.safir_is('admin'))
    WITH CHECK (key NOT IN ('approval', 'frequency_cap', 'templates', 'prices') OR public.safir_is('admin'));
ALTER TABLE campaigns ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS everyone_reads ON campaigns;
CREATE POLICY everyone_reads ON campaigns FOR SELECT USING (true);
DROP POLICY IF EXISTS senders_make ON campaigns;
CREATE POLICY senders_make ON campaigns FOR INSERT WITH CHECK (true);
DROP POLICY IF EXISTS unapproved_is_the_makers ON campaigns;
CREATE POLICY unapproved_is_the_makers ON campaigns FOR UPDATE
    USING (approval IS NULL OR approval = 'approved' OR created_by = session_user OR public.safir_is('admin'));
ALTER TABLE recipients ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS everyone_reads ON recipients;
CREATE POLICY everyone_reads ON recipients FOR SELECT USING (true);
DROP POLICY IF EXISTS senders_send ON recipients;
CREATE POLICY senders_send ON recipients FOR UPDATE USING (true);
DROP POLICY IF EXISTS only_while_creating ON recipients;
CREATE POLICY only_while_creating ON recipients FOR INSERT
    WITH CHECK (public.safir_copying() OR EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = campaign_id
                                                  AND c.status = 'creating' AND c.created_by = session_user));

-- The suppression list's version moves with every change of the list, counted by the store.
CREATE OR REPLACE FUNCTION safir_suppression_changed() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    UPDATE public.store_meta SET value = value + 1 WHERE key = 'suppression_version';
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER version AFTER INSERT OR DELETE ON suppression FOR EACH STATEMENT
    EXECUTE FUNCTION safir_suppression_changed();

-- Approving and rejecting: an approver who is not the campaign's maker.
CREATE OR REPLACE FUNCTION safir_decide(campaign bigint, approve boolean, reason text, machine text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record;
BEGIN
    PERFORM public.safir_need('approver');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
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
        updated_at = public.safir_now() WHERE id = campaign;
    INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
    VALUES (public.safir_now(), campaign, CASE WHEN approve THEN 'approved' ELSE 'rejected' END, session_user,
            COALESCE(machine, ''), CASE WHEN approve THEN NULL ELSE btrim(reason) END);
END $$;

-- Changing a stopped campaign's bot or template: its pending rows take the new template and
-- new request ids (given by the app, one per row), and it waits for approval again (the trigger).
CREATE OR REPLACE FUNCTION safir_retarget(campaign bigint, bot bigint, template text, rows_ integer[],
                                          request_ids text[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record; changed integer;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', campaign), 'campaign=' || campaign,
                                    'P0001');
    END IF;
    IF c.status IN ('finished', 'cancelled', 'running') THEN
        PERFORM public.safir_refuse('nothing_to_decide', format('campaign %s is %s; only a stopped campaign can be '
                                    'changed', campaign, c.status), 'status=' || c.status, 'P0001');
    END IF;
    IF c.created_by <> session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_campaign', format('campaign %s is %s''s: only its maker or an admin '
                                    'changes it', campaign, c.created_by),
                                    format('campaign=%s;member=%s', campaign, c.created_by));
    END IF;
    UPDATE public.campaigns SET bot_id = COALESCE(bot, bot_id),
        content = CASE WHEN template IS NULL THEN content
                       ELSE jsonb_set(content::jsonb, '{template_id}', to_jsonb(template))::text END,
        approval = CASE WHEN approval IS NOT NULL OR public.safir_needs_approval() THEN 'awaiting' END,
        approved_by = NULL, approval_note = NULL, updated_at = public.safir_now() WHERE id = campaign;
    UPDATE public.recipients r SET request_id = n.request_id, error_code = NULL, error = NULL,
        message_data = CASE WHEN template IS NULL THEN r.message_data
                            ELSE jsonb_set(r.message_data::jsonb, '{template_message,template_id}',
                                           to_jsonb(template))::text END
      FROM unnest(rows_, request_ids) AS n(row_, request_id)
     WHERE r.campaign_id = campaign AND r.row = n.row_ AND r.state = 'pending';
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

-- A series' schedule and message are its maker's (and the admins') to change; any member's
-- runner may take its turn (next_run, its note: column privileges).
CREATE OR REPLACE FUNCTION safir_change_series(series_id bigint, new_status text, new_rule text, new_plan text,
                                               new_next_run text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE maker text;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT created_by INTO maker FROM public.series WHERE id = series_id FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM public.safir_refuse('no_series', format('there is no series %s', series_id), 'series=' || series_id,
                                    'P0001');
    END IF;
    IF maker <> session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_series', format('series %s is %s''s: only its maker or an admin '
                                    'changes it', series_id, maker), format('series=%s;member=%s', series_id, maker));
    END IF;
    UPDATE public.series SET status = new_status, rule = new_rule, plan = new_plan, next_run = new_next_run,
        status_note = NULL, updated_at = public.safir_now() WHERE id = series_id;
END $$;

-- A run of a series is taken by moving its next run on: forward only, from the run due.
CREATE OR REPLACE FUNCTION safir_claim_run(series_id bigint, due text, following text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE taken integer;
BEGIN
    PERFORM public.safir_need('sender');
    IF following <= due OR due > public.safir_now() THEN
        RETURN false;
    END IF;
    UPDATE public.series SET next_run = following, status_note = NULL, updated_at = public.safir_now()
     WHERE id = series_id AND next_run = due AND status = 'active';
    GET DIAGNOSTICS taken = ROW_COUNT;
    RETURN taken = 1;
END $$;

-- A creation that was abandoned, or refused as a repeat, is taken away whole (members may not delete).
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
    DELETE FROM public.recipients WHERE campaign_id = campaign;
    DELETE FROM public.campaigns WHERE id = campaign AND status = 'creating';
    RETURN true;
END $$;

-- Members.
CREATE OR REPLACE FUNCTION safir_members() RETURNS TABLE (member text, role text) LANGUAGE sql STABLE
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    SELECT DISTINCT mr.rolname::text, public.safir_role_of(mr.rolname)
      FROM pg_auth_members m JOIN pg_roles gr ON gr.oid = m.roleid JOIN pg_roles mr ON mr.oid = m.member
     WHERE gr.rolname IN (public.safir_group('viewer'), public.safir_group('sender'),
                          public.safir_group('approver'), public.safir_group('admin'))
       AND mr.rolname NOT IN (public.safir_group('viewer'), public.safir_group('sender'),
                              public.safir_group('approver'), public.safir_group('admin'))
    UNION SELECT public.safir_owner(), 'owner'
    ORDER BY 1 $$;

CREATE OR REPLACE FUNCTION safir_admins_but(leaving text) RETURNS bigint LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT COUNT(*) FROM public.safir_members() AS m WHERE m.role = 'admin' AND m.member <> leaving $$;

-- Only a plain login may be a member: never a superuser, a role that creates roles or
-- databases, bypasses row security or replicates, nor any store's group role.
CREATE OR REPLACE FUNCTION safir_plain_login(who text) RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = who AND rolcanlogin AND NOT rolsuper
                          AND NOT rolcreaterole AND NOT rolcreatedb AND NOT rolbypassrls AND NOT rolreplication)
              AND NOT EXISTS (SELECT 1 FROM pg_database d
                              WHERE who IN (d.datname || '_viewer', d.datname || '_sender', d.datname || '_approver',
                                            d.datname || '_admin')) $$;

-- The store's own: never callable by members (EXECUTE is taken back below).
CREATE OR REPLACE FUNCTION safir_grant(member text, new_role text, machine text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE r text;
BEGIN
    IF public.safir_role_of(member) = 'admin' AND new_role <> 'admin' AND public.safir_admins_but(member) = 0 THEN
        PERFORM public.safir_refuse('last_admin', format('%s is the team''s last admin: make someone else admin '
                                    'first', member), 'member=' || member, 'P0001');
    END IF;
    FOREACH r IN ARRAY ARRAY['viewer', 'sender', 'approver', 'admin'] LOOP
        EXECUTE format('REVOKE %I FROM %I', public.safir_group(r), member);
    END LOOP;
    IF new_role <> 'none' THEN
        EXECUTE format('GRANT %I TO %I', public.safir_group(new_role), member);
    END IF;
    INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
    VALUES (public.safir_now(), NULL, CASE WHEN new_role = 'none' THEN 'member removed' ELSE 'member role set' END,
            session_user, COALESCE(machine, ''),
            member || CASE WHEN new_role = 'none' THEN '' ELSE ': ' || new_role END);
END $$;

CREATE OR REPLACE FUNCTION safir_check_member(member text, new_role text) RETURNS void LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('admin');
    IF new_role NOT IN ('viewer', 'sender', 'approver', 'admin', 'none') THEN
        PERFORM public.safir_refuse('unknown_role', format('%s is not a role: viewer, sender, approver or admin',
                                    new_role), 'role=' || new_role, 'P0001');
    END IF;
    IF member = public.safir_owner() THEN
        PERFORM public.safir_refuse('owner_fixed', format('%s owns the team store: its role cannot change', member),
                                    'member=' || member, 'P0001');
    END IF;
END $$;

CREATE OR REPLACE FUNCTION safir_set_group(member text, new_role text, machine text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_check_member(member, new_role);
    IF public.safir_role_of(member) = 'none' THEN
        PERFORM public.safir_refuse('not_a_member', format('%s is not a member of this team', member),
                                    'member=' || member, 'P0001');
    END IF;
    PERFORM public.safir_grant(member, new_role, machine);
END $$;

CREATE OR REPLACE FUNCTION safir_add_member(member text, new_role text, verifier text, machine text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_check_member(member, new_role);
    IF member !~ '^[a-z_][a-z0-9_.-]{0,62}$' THEN
        PERFORM public.safir_refuse('bad_member_name', format('%s cannot be a member''s name: use lower-case letters, '
                                    'digits, _ . or -, starting with a letter', member), 'member=' || member, 'P0001');
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = member) THEN
        IF verifier IS NULL THEN
            PERFORM public.safir_refuse('password_needed', format('%s is new: give a password for them', member),
                                        'member=' || member, 'P0001');
        END IF;
        IF EXISTS (SELECT 1 FROM pg_database d WHERE member IN
               (d.datname || '_viewer', d.datname || '_sender', d.datname || '_approver', d.datname || '_admin')) THEN
            PERFORM public.safir_refuse('not_a_plain_login', format('%s is the name of a team store''s group role',
                                        member), 'member=' || member, 'P0001');
        END IF;
        EXECUTE format('CREATE ROLE %I LOGIN NOSUPERUSER NOCREATEROLE NOCREATEDB NOBYPASSRLS NOREPLICATION '
                       'PASSWORD %L', member, verifier);
        INSERT INTO public.safir_logins VALUES (member, public.safir_now());
    ELSIF NOT public.safir_plain_login(member) THEN
        PERFORM public.safir_refuse('not_a_plain_login', format('%s is not a plain login (a superuser, a role that '
                                    'manages roles or databases, or a group role): it cannot be a member', member),
                                    'member=' || member, 'P0001');
    ELSIF verifier IS NOT NULL THEN
        IF NOT EXISTS (SELECT 1 FROM public.safir_logins WHERE safir_logins.member = safir_add_member.member) THEN
            PERFORM public.safir_refuse('password_not_ours', format('%s''s login was not made by this team store: '
                                        'they keep their own password (give the role without one)', member),
                                        'member=' || member, 'P0001');
        END IF;
        EXECUTE format('ALTER ROLE %I PASSWORD %L', member, verifier);
    END IF;
    PERFORM public.safir_grant(member, new_role, machine);
END $$;

CREATE OR REPLACE FUNCTION safir_remove_member(member text, machine text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_check_member(member, 'none');
    IF public.safir_role_of(member) = 'none' THEN
        PERFORM public.safir_refuse('not_a_member', format('%s is not a member of this team', member),
                                    'member=' || member, 'P0001');
    END IF;
    PERFORM public.safir_grant(member, 'none', machine);
    -- What they were sending stops: their next write is refused, their claims are given back
    -- (what they had in flight is re-sent under its request_id), and a campaign nobody else
    -- sends is paused, to be resumed by another member.
    UPDATE public.recipients SET lease_owner = NULL, lease_until = NULL
     WHERE lease_owner IN (SELECT owner FROM public.senders WHERE os_user = member);
    UPDATE public.campaigns c SET status = 'paused', updated_at = public.safir_now(), stop_request = NULL,
        stop_reason = NULL, status_reason = format('%s was removed from the team while sending it; another member '
                                                   'can resume it (nothing is sent twice)', member)
     WHERE c.status = 'running'
       AND EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id AND s.os_user = member)
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id AND s.os_user <> member
                       AND s.heartbeat > extract(epoch FROM clock_timestamp()) - 10);
    DELETE FROM public.senders WHERE os_user = member;
END $$;

REVOKE EXECUTE ON ALL FUNCTIONS IN SCHEMA public FROM PUBLIC;

DO $$
DECLARE
    r text;
    viewer text := public.safir_group('viewer');
    sender text := public.safir_group('sender');
BEGIN
    FOREACH r IN ARRAY ARRAY['viewer', 'sender', 'approver', 'admin'] LOOP
        IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = public.safir_group(r)) THEN
            EXECUTE format('CREATE ROLE %I NOLOGIN', public.safir_group(r));
            INSERT INTO public.safir_groups SELECT oid FROM pg_roles WHERE rolname = public.safir_group(r);
        ELSIF NOT EXISTS (SELECT 1 FROM pg_roles g JOIN public.safir_groups s ON s.role_oid = g.oid
                          WHERE g.rolname = public.safir_group(r)) THEN
            -- Made by someone else before this store: it could hold anything (a login, rights, members).
            RAISE EXCEPTION USING ERRCODE = '42501',
                MESSAGE = format('the role %s already exists and was not made as this store''s group',
                                 public.safir_group(r)),
                HINT = 'safir:group_taken:role=' || public.safir_group(r);
        END IF;
    END LOOP;
    EXECUTE format('GRANT %I TO %I', viewer, sender);
    EXECUTE format('GRANT %I TO %I', sender, public.safir_group('approver'));
    EXECUTE format('GRANT %I TO %I', public.safir_group('approver'), public.safir_group('admin'));
    EXECUTE format('GRANT %I TO %I', public.safir_group('admin'), current_user);  -- the owner is an admin
    EXECUTE format('REVOKE ALL ON DATABASE %I FROM PUBLIC', current_database());
    EXECUTE format('GRANT CONNECT, TEMPORARY ON DATABASE %I TO %I', current_database(), viewer);
    EXECUTE format('GRANT USAGE ON SCHEMA public TO %I', viewer);
    EXECUTE format('GRANT SELECT ON ALL TABLES IN SCHEMA public TO %I', viewer);
    EXECUTE format('REVOKE ALL ON safir_logins FROM %I', viewer);
    EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %I', viewer);
    EXECUTE format('REVOKE EXECUTE ON FUNCTION safir_grant(text, text, text) FROM %I', viewer);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO %I', viewer);
    -- Members insert no ids of their own (nobody can block a sequence) and change only what sending changes.
    EXECUTE format('GRANT INSERT (created_at, name, source_path, kind, content, bot_id, rate_per_minute, in_flight,'
                   ' base_url, status, status_reason, parent_id, quiet_start, quiet_end, time_zone, start_at,'
                   ' updated_at, content_hash, runner, stop_request, stop_reason, created_by, created_on,'
                   ' ignore_cap, approval, approval_note, approved_by, series_id, pace_per_minute, pace_slowed,'
                   ' ready_seq) ON campaigns TO %I', sender);
    EXECUTE format('GRANT UPDATE (status, status_reason, updated_at, runner, stop_request, stop_reason,'
                   ' pace_per_minute, pace_slowed, ready_seq, created_at) ON campaigns TO %I', sender);
    EXECUTE format('GRANT INSERT ON recipients, senders, pace, pace_accepted, suppression, shared_settings TO %I',
                   sender);
    EXECUTE format('GRANT UPDATE (state, attempts, updated_at, message_id, error_code, error, lease_owner,'
                   ' lease_until, lease_epoch, verdict, reason) ON recipients TO %I', sender);
    EXECUTE format('GRANT INSERT (campaign_id, row, phone, kind, started_at, finished_at, outcome, error_code,'
                   ' error) ON attempts TO %I', sender);
    EXECUTE format('GRANT UPDATE (finished_at, outcome, error_code, error) ON attempts TO %I', sender);
    EXECUTE format('GRANT INSERT (at, campaign_id, action, os_user, machine, detail) ON audit TO %I', sender);
    EXECUTE format('GRANT INSERT (name, rule, plan, status, status_note, next_run, created_at, created_by,'
                   ' updated_at) ON series TO %I', sender);
    EXECUTE format('GRANT UPDATE (status_note, updated_at) ON series TO %I', sender);
    EXECUTE format('GRANT UPDATE ON senders, pace, pace_accepted, shared_settings TO %I', sender);
    EXECUTE format('GRANT USAGE ON SEQUENCE safir_ready_seq TO %I', sender);
    EXECUTE format('REVOKE ALL ON safir_groups FROM %I', viewer);
    EXECUTE format('GRANT DELETE ON senders, pace_accepted, suppression TO %I', sender);
END $$
"""

#: The migration (schema 7): the pace model of app/campaign/pacer.py (as the journal's v13),
#: its tables writable by senders, and what a follower shows of a sender's pace.
MIGRATION_7 = r"""
ALTER TABLE pace ADD COLUMN learned_at DOUBLE PRECISION;
ALTER TABLE pace ADD COLUMN refused_at DOUBLE PRECISION;
ALTER TABLE pace ADD COLUMN probe_at DOUBLE PRECISION;
ALTER TABLE pace ADD COLUMN probe_step DOUBLE PRECISION NOT NULL DEFAULT 0;
CREATE TABLE pace_starts (
    key          TEXT NOT NULL,
    tick         BIGINT NOT NULL,
    count        INTEGER NOT NULL,
    PRIMARY KEY (key, tick)
);
CREATE TABLE pace_users (
    key          TEXT NOT NULL,
    who          TEXT NOT NULL,
    seen         DOUBLE PRECISION NOT NULL,
    PRIMARY KEY (key, who)
);
ALTER TABLE campaigns ADD COLUMN pace_limit DOUBLE PRECISION;
ALTER TABLE campaigns ADD COLUMN pace_sharing INTEGER NOT NULL DEFAULT 0;
DO $$
BEGIN
    EXECUTE format('GRANT SELECT ON pace_starts, pace_users TO %I', public.safir_group('viewer'));
    EXECUTE format('GRANT INSERT, UPDATE, DELETE ON pace_starts, pace_users TO %I', public.safir_group('sender'));
    EXECUTE format('GRANT UPDATE (pace_limit, pace_sharing) ON campaigns TO %I', public.safir_group('sender'));
END $$
"""


#: 9: a refusal of its own for changing a campaign that is not stopped; a campaign paused
#: because its sender's member was removed says why as a reason code (app/reasons.py), not
#: a sentence.
MIGRATION_9 = r"""
CREATE OR REPLACE FUNCTION safir_retarget(campaign bigint, bot bigint, template text, rows_ integer[],
                                          request_ids text[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record; changed integer;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
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
    UPDATE public.campaigns SET bot_id = COALESCE(bot, bot_id),
        content = CASE WHEN template IS NULL THEN content
                       ELSE jsonb_set(content::jsonb, '{template_id}', to_jsonb(template))::text END,
        approval = CASE WHEN approval IS NOT NULL OR public.safir_needs_approval() THEN 'awaiting' END,
        approved_by = NULL, approval_note = NULL, updated_at = public.safir_now() WHERE id = campaign;
    UPDATE public.recipients r SET request_id = n.request_id, error_code = NULL, error = NULL,
        message_data = CASE WHEN template IS NULL THEN r.message_data
                            ELSE jsonb_set(r.message_data::jsonb, '{template_message,template_id}',
                                           to_jsonb(template))::text END
      FROM unnest(rows_, request_ids) AS n(row_, request_id)
     WHERE r.campaign_id = campaign AND r.row = n.row_ AND r.state = 'pending';
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

CREATE OR REPLACE FUNCTION safir_remove_member(member text, machine text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    PERFORM public.safir_check_member(member, 'none');
    IF public.safir_role_of(member) = 'none' THEN
        PERFORM public.safir_refuse('not_a_member', format('%s is not a member of this team', member),
                                    'member=' || member, 'P0001');
    END IF;
    PERFORM public.safir_grant(member, 'none', machine);
    -- What they were sending stops: their next write is refused, their claims are given back
    -- (what they had in flight is re-sent under its request_id), and a campaign nobody else
    -- sends is paused, to be resumed by another member.
    UPDATE public.recipients SET lease_owner = NULL, lease_until = NULL
     WHERE lease_owner IN (SELECT owner FROM public.senders WHERE os_user = member);
    UPDATE public.campaigns c SET status = 'paused', updated_at = public.safir_now(), stop_request = NULL,
        stop_reason = NULL, status_reason = json_build_object('code', 'member_removed',
                                                              'params', json_build_object('member', member))::text
     WHERE c.status = 'running'
       AND EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id AND s.os_user = member)
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = c.id AND s.os_user <> member
                       AND s.heartbeat > extract(epoch FROM clock_timestamp()) - 10);
    DELETE FROM public.senders WHERE os_user = member;
END $$;
"""


#: 12 (found by an attack through psql): a recipient becomes ``sent`` only by the member whose
#: sender holds its lease (the fence the app's own writes check, now the store's for anyone),
#: an SMS by a member sending its campaign, an unleased row only in the member's own campaign
#: (a v2 password kept as a record); an unapproved campaign's recipients are its maker's and
#: the admins' to change, as the campaign is; a series' run is taken only by its maker's
#: desktop (or an admin); a sender's row keeps the member who started it, whoever updates
#: it; the audit's reserved words are found whatever surrounds them.
MIGRATION_12 = r"""
CREATE OR REPLACE FUNCTION safir_stamp_who() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN
        -- What carries authority is written by the store's own functions (as its owner) only.
        IF current_user <> public.safir_owner()
           AND (regexp_replace(lower(NEW.action), '[^a-z]', '', 'g') IN ('approved', 'rejected', 'copied')
                OR regexp_replace(lower(NEW.action), '[^a-z]', '', 'g') ~ '^(rule|member|approv|reject)') THEN
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

CREATE OR REPLACE FUNCTION safir_sent_by_holder() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.state = 'sent' AND OLD.state IS DISTINCT FROM 'sent' AND current_user <> public.safir_owner()
       AND NOT public.safir_copying()
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = OLD.campaign_id
                       AND s.os_user = session_user AND (OLD.channel = 'sms' OR s.owner = OLD.lease_owner))
       AND NOT (OLD.lease_owner IS NULL AND EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = OLD.campaign_id
                                                    AND c.created_by = session_user)) THEN
        PERFORM public.safir_refuse('not_your_lease', format('row %s of campaign %s is not held by a sender of '
                                    '%s: only the sender that holds it records it sent', OLD.row, OLD.campaign_id,
                                    session_user), format('campaign=%s;row=%s;member=%s', OLD.campaign_id, OLD.row,
                                                          session_user));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER sent_by_holder BEFORE UPDATE OF state ON recipients FOR EACH ROW
    EXECUTE FUNCTION safir_sent_by_holder();

DROP POLICY IF EXISTS senders_send ON recipients;
CREATE POLICY senders_send ON recipients FOR UPDATE
    USING (EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = campaign_id
                   AND (c.approval IS NULL OR c.approval = 'approved' OR c.created_by = session_user
                        OR public.safir_is('admin'))));

CREATE OR REPLACE FUNCTION safir_claim_run(series_id bigint, due text, following text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE taken integer; maker text;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT created_by INTO maker FROM public.series WHERE id = series_id;
    IF maker IS NOT NULL AND maker <> session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_series', format('series %s is %s''s: only its maker or an admin '
                                    'changes it', series_id, maker), format('series=%s;member=%s', series_id, maker));
    END IF;
    IF following <= due OR due > public.safir_now() THEN
        RETURN false;
    END IF;
    UPDATE public.series SET next_run = following, status_note = NULL, updated_at = public.safir_now()
     WHERE id = series_id AND next_run = due AND status = 'active';
    GET DIAGNOSTICS taken = ROW_COUNT;
    RETURN taken = 1;
END $$;
"""


#: 13 (a second attack through psql, after 12): a recipient becomes ``skipped`` (final, never
#: sent) only as it becomes ``sent``: by the holder of its lease, a member sending its SMS, or
#: in the member's own campaign nobody holds (a creation skipping repeats); a sender's row is
#: deleted only by its member (or an admin), and another member may only revoke it, so a
#: running sender's name cannot be taken over; a series' next run is a time, within 400 days.
MIGRATION_13 = r"""
CREATE OR REPLACE FUNCTION safir_sent_by_holder() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.state IN ('sent', 'skipped') AND OLD.state IS DISTINCT FROM NEW.state
       AND current_user <> public.safir_owner() AND NOT public.safir_copying()
       AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = OLD.campaign_id
                       AND s.os_user = session_user AND (OLD.channel = 'sms' OR s.owner = OLD.lease_owner))
       AND NOT (OLD.lease_owner IS NULL AND EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = OLD.campaign_id
                                                    AND c.created_by = session_user)) THEN
        PERFORM public.safir_refuse('not_your_lease', format('row %s of campaign %s is not held by a sender of '
                                    '%s: only the sender that holds it records it sent', OLD.row, OLD.campaign_id,
                                    session_user), format('campaign=%s;row=%s;member=%s', OLD.campaign_id, OLD.row,
                                                          session_user));
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION safir_senders_own() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF OLD.os_user <> session_user AND current_user <> public.safir_owner() AND NOT public.safir_copying()
       AND (NOT NEW.revoked OR (NEW.campaign_id, NEW.owner, NEW.os_user, NEW.machine, NEW.started_at, NEW.heartbeat)
            IS DISTINCT FROM (OLD.campaign_id, OLD.owner, OLD.os_user, OLD.machine, OLD.started_at, OLD.heartbeat))
    THEN
        PERFORM public.safir_refuse('not_your_sender', format('the sender %s of campaign %s is %s''s: another '
                                    'member may only revoke it', OLD.owner, OLD.campaign_id, OLD.os_user),
                                    format('campaign=%s;owner=%s;member=%s', OLD.campaign_id, OLD.owner,
                                           OLD.os_user));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER senders_own BEFORE UPDATE ON senders FOR EACH ROW EXECUTE FUNCTION safir_senders_own();
ALTER TABLE senders ENABLE ROW LEVEL SECURITY;
DROP POLICY IF EXISTS everyone_reads ON senders;
CREATE POLICY everyone_reads ON senders FOR SELECT USING (true);
DROP POLICY IF EXISTS senders_start ON senders;
CREATE POLICY senders_start ON senders FOR INSERT WITH CHECK (true);
DROP POLICY IF EXISTS senders_revoke ON senders;
CREATE POLICY senders_revoke ON senders FOR UPDATE USING (true);
DROP POLICY IF EXISTS own_to_end ON senders;
CREATE POLICY own_to_end ON senders FOR DELETE USING (os_user = session_user OR public.safir_is('admin'));

CREATE OR REPLACE FUNCTION safir_claim_run(series_id bigint, due text, following text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE taken integer; maker text; next_time timestamptz;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT created_by INTO maker FROM public.series WHERE id = series_id;
    IF maker IS NOT NULL AND maker <> session_user AND NOT public.safir_is('admin') THEN
        PERFORM public.safir_refuse('not_your_series', format('series %s is %s''s: only its maker or an admin '
                                    'changes it', series_id, maker), format('series=%s;member=%s', series_id, maker));
    END IF;
    BEGIN
        next_time := following::timestamptz;
    EXCEPTION WHEN others THEN
        next_time := NULL;
    END;
    IF next_time IS NULL OR following !~ '^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?\+00:00$'
       OR next_time > clock_timestamp() + interval '400 days' THEN
        PERFORM public.safir_refuse('bad_next_run', format('%s is not a time within 400 days for series %s''s next '
                                    'run', following, series_id), format('series=%s;when=%s', series_id, following),
                                    '22007');
    END IF;
    IF following <= due OR due > public.safir_now() THEN
        RETURN false;
    END IF;
    UPDATE public.series SET next_run = following, status_note = NULL, updated_at = public.safir_now()
     WHERE id = series_id AND next_run = due AND status = 'active';
    GET DIAGNOSTICS taken = ROW_COUNT;
    RETURN taken = 1;
END $$;
"""


#: 14 (a third attack through psql): the times a member writes are the store's (a campaign's
#: ``created_at`` stays but for its maker making it ready, and its ``updated_at`` is now for
#: anyone else: they decide what the repeat guard sees and when a creation looks abandoned; a
#: recipient's ``updated_at``, which the frequency cap counts; an attempt's ``started_at``,
#: which the one-time password limit counts); a lease names only a sender of the member who
#: writes it, for at most an hour (a forged one froze another's campaign for good); a
#: campaign is "finished" only when no recipient is pending, in flight or unknown; and a
#: session left idle in a transaction, or a statement, has the app's limits whoever
#: connects (a table lock held by a psql session stopped every member's sending).
MIGRATION_14 = r"""
CREATE OR REPLACE FUNCTION safir_campaign_times() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF OLD.created_by IS DISTINCT FROM session_user THEN
        NEW.created_at := OLD.created_at;
        NEW.updated_at := public.safir_now();
    ELSIF OLD.status <> 'creating' THEN
        NEW.created_at := OLD.created_at;
    END IF;
    IF NEW.status = 'finished' AND OLD.status IS DISTINCT FROM 'finished' AND EXISTS (
           SELECT 1 FROM public.recipients r WHERE r.campaign_id = OLD.id
           AND r.state IN ('pending', 'in_flight', 'unknown')) THEN
        PERFORM public.safir_refuse('not_all_final', format('campaign %s still has recipients to send: it is not '
                                    'finished', OLD.id), 'campaign=' || OLD.id, 'P0001');
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER times BEFORE UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION safir_campaign_times();

CREATE OR REPLACE FUNCTION safir_recipient_writes() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    NEW.updated_at := public.safir_now();
    IF NEW.lease_owner IS NOT NULL
       AND (NEW.lease_owner IS DISTINCT FROM OLD.lease_owner OR NEW.lease_until IS DISTINCT FROM OLD.lease_until)
       AND (NEW.lease_until > extract(epoch FROM clock_timestamp()) + 3600
            OR NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = OLD.campaign_id
                           AND s.owner = NEW.lease_owner AND s.os_user = session_user)) THEN
        PERFORM public.safir_refuse('not_your_lease', format('row %s of campaign %s is not held by a sender of '
                                    '%s: only the sender that holds it records it sent', OLD.row, OLD.campaign_id,
                                    session_user), format('campaign=%s;row=%s;member=%s', OLD.campaign_id, OLD.row,
                                                          session_user));
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER writes BEFORE UPDATE ON recipients FOR EACH ROW EXECUTE FUNCTION safir_recipient_writes();

CREATE OR REPLACE FUNCTION safir_attempt_times() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    NEW.started_at := CASE WHEN TG_OP = 'INSERT' THEN extract(epoch FROM clock_timestamp()) ELSE OLD.started_at END;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER times BEFORE INSERT OR UPDATE ON attempts FOR EACH ROW
    EXECUTE FUNCTION safir_attempt_times();

DO $$
BEGIN
    EXECUTE format('ALTER DATABASE %I SET idle_in_transaction_session_timeout = %L', current_database(), '15s');
    EXECUTE format('ALTER DATABASE %I SET statement_timeout = %L', current_database(), '60s');
    EXECUTE format('ALTER DATABASE %I SET lock_timeout = %L', current_database(), '20s');
END $$
"""


#: 15 (after a fourth attack through psql): no member may lock a shared table against the
#: team. ``LOCK TABLE`` in SHARE mode or stronger needs a table-wide UPDATE, DELETE or
#: TRUNCATE, and a member's session may keep it for as long as it likes (its own settings
#: lift the store's timeouts): every sender would then wait on the locked senders, pace or
#: suppression. Members now update these tables column by column (which allows row locks,
#: never a table's), and delete through functions that check what they delete: a sender's
#: row by its member (or an admin), a pace's starts only once older than the minute
#: senders book in, numbers off the suppression list. And no member revokes another's
#: sender at will (it had to give back every lease and claim again, as often as revoked):
#: the store revokes a sender itself, as another takes over a lease of its that ran out.
MIGRATION_15 = r"""
CREATE OR REPLACE FUNCTION safir_stamp_who() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN
        -- What carries authority is written by the store's own functions (as its owner) only.
        -- A member's own entries are plain words (created, sending, pause asked, exported…):
        -- none names a decision, anywhere in it, nor hides a letter of another alphabet.
        IF current_user <> public.safir_owner()
           AND (NEW.action !~ '^[A-Za-z][A-Za-z -]*$'
                OR lower(NEW.action) ~ '(approv|reject|rule|member|copied|decid|grant|role)') THEN
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

CREATE OR REPLACE FUNCTION safir_revoke_lapsed(campaign bigint, lapsed_row integer) RETURNS void
    LANGUAGE sql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
    UPDATE public.senders s SET revoked = true FROM public.recipients r
     WHERE r.campaign_id = campaign AND r.row = lapsed_row AND r.lease_until < extract(epoch FROM clock_timestamp())
       AND s.campaign_id = campaign AND s.owner = r.lease_owner AND NOT s.revoked $$;

CREATE OR REPLACE FUNCTION safir_recipient_writes() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.lease_owner IS NOT NULL AND OLD.lease_owner IS NOT NULL AND NEW.lease_owner <> OLD.lease_owner
       AND OLD.lease_until < extract(epoch FROM clock_timestamp()) AND NOT public.safir_copying() THEN
        PERFORM public.safir_revoke_lapsed(OLD.campaign_id, OLD.row);  -- the row is still its old holder's here
    END IF;
    IF current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    NEW.updated_at := public.safir_now();
    IF (NEW.lease_owner IS NOT NULL
        AND (NEW.lease_owner IS DISTINCT FROM OLD.lease_owner OR NEW.lease_until IS DISTINCT FROM OLD.lease_until)
        AND (NEW.lease_until > extract(epoch FROM clock_timestamp()) + 3600
             OR NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = OLD.campaign_id
                            AND s.owner = NEW.lease_owner AND s.os_user = session_user)))
       -- A lease still live is its holder's: nobody else takes it, nor frees it.
       OR (NEW.lease_owner IS DISTINCT FROM OLD.lease_owner AND OLD.lease_owner IS NOT NULL
           AND COALESCE(OLD.lease_until >= extract(epoch FROM clock_timestamp()), false)
           AND NOT EXISTS (SELECT 1 FROM public.senders s WHERE s.campaign_id = OLD.campaign_id
                           AND s.owner = OLD.lease_owner AND s.os_user = session_user)) THEN
        PERFORM public.safir_refuse('not_your_lease', format('row %s of campaign %s is not held by a sender of '
                                    '%s: only the sender that holds it records it sent', OLD.row, OLD.campaign_id,
                                    session_user), format('campaign=%s;row=%s;member=%s', OLD.campaign_id, OLD.row,
                                                          session_user));
    END IF;
    IF NEW.state IN ('pending', 'in_flight', 'unknown') AND NEW.state IS DISTINCT FROM OLD.state
       AND EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = OLD.campaign_id
                   AND c.status IN ('finished', 'cancelled')) THEN
        PERFORM public.safir_refuse('final_stays', format('row %s of campaign %s was %s: it stays so', OLD.row,
                                    OLD.campaign_id, OLD.state), format('campaign=%s;status=%s', OLD.campaign_id,
                                                                        OLD.state));
    END IF;
    RETURN NEW;
END $$;

-- A stopped campaign's new request_ids are the store's own: a member's could be another
-- campaign's, whose messages the service would then drop as repeats.
DROP FUNCTION IF EXISTS safir_retarget(bigint, bigint, text, integer[], text[]);
CREATE OR REPLACE FUNCTION safir_retarget(campaign bigint, bot bigint, template text, rows_ integer[])
    RETURNS integer LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record; changed integer;
BEGIN
    PERFORM public.safir_need('sender');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
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
    UPDATE public.campaigns SET bot_id = COALESCE(bot, bot_id),
        content = CASE WHEN template IS NULL THEN content
                       ELSE jsonb_set(content::jsonb, '{template_id}', to_jsonb(template))::text END,
        approval = CASE WHEN approval IS NOT NULL OR public.safir_needs_approval() THEN 'awaiting' END,
        approved_by = NULL, approval_note = NULL, updated_at = public.safir_now() WHERE id = campaign;
    UPDATE public.recipients r SET request_id = gen_random_uuid()::text, error_code = NULL, error = NULL,
        message_data = CASE WHEN template IS NULL THEN r.message_data
                            ELSE jsonb_set(r.message_data::jsonb, '{template_message,template_id}',
                                           to_jsonb(template))::text END
     WHERE r.campaign_id = campaign AND r.row = ANY(rows_) AND r.state = 'pending';
    GET DIAGNOSTICS changed = ROW_COUNT;
    RETURN changed;
END $$;

CREATE OR REPLACE FUNCTION safir_senders_own() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF OLD.os_user <> session_user AND current_user <> public.safir_owner() AND NOT public.safir_copying() THEN
        PERFORM public.safir_refuse('not_your_sender', format('the sender %s of campaign %s is %s''s: only the '
                                    'store revokes it, when another takes over a lease of its that ran out',
                                    OLD.owner, OLD.campaign_id, OLD.os_user),
                                    format('campaign=%s;owner=%s;member=%s', OLD.campaign_id, OLD.owner,
                                           OLD.os_user));
    END IF;
    RETURN NEW;
END $$;

CREATE OR REPLACE FUNCTION safir_end_sender(campaign bigint, sender_owner text) RETURNS boolean
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE gone integer;
BEGIN
    DELETE FROM public.senders WHERE campaign_id = campaign AND owner = sender_owner
       AND (os_user = session_user OR public.safir_is('admin'));
    GET DIAGNOSTICS gone = ROW_COUNT;
    RETURN gone = 1;
END $$;

CREATE OR REPLACE FUNCTION safir_trim_pace(pace_key text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE
    before double precision := extract(epoch FROM clock_timestamp()) - KEEP_SECONDS;
BEGIN
    DELETE FROM public.pace_starts WHERE key = pace_key AND tick < floor(before / TICK);
    DELETE FROM public.pace_users WHERE key = pace_key AND seen < before;
END $$;

CREATE OR REPLACE FUNCTION safir_unsuppress(phones text[]) RETURNS integer
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE gone integer;
BEGIN
    PERFORM public.safir_need('sender');
    DELETE FROM public.suppression WHERE phone = ANY(phones);
    GET DIAGNOSTICS gone = ROW_COUNT;
    RETURN gone;
END $$;

-- A desktop's journal copied in (an admin's, with makers and approvals as it had them) leaves
-- the store's own mark naming the admin, and a campaign it brings with something left to send
-- waits for the team's approval when the team needs one: an approval on a desktop, or typed
-- into a copy by hand, is not the team's.
CREATE OR REPLACE FUNCTION safir_copied_waits() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() AND NEW.approval = 'approved' AND NEW.status NOT IN ('finished', 'cancelled')
       AND public.safir_needs_approval() THEN
        NEW.approval := 'awaiting';
        NEW.approved_by := NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER copied_waits BEFORE INSERT OR UPDATE ON campaigns FOR EACH ROW
    EXECUTE FUNCTION safir_copied_waits();

CREATE OR REPLACE FUNCTION safir_copied_in() RETURNS trigger LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
        VALUES (public.safir_now(), NEW.id, 'copied in', session_user, '',
                'written by the store: its maker and approval are as the copy gave them');
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER copied_in AFTER INSERT ON campaigns FOR EACH ROW EXECUTE FUNCTION safir_copied_in();

DO $$
DECLARE
    sender text := public.safir_group('sender');
    shared text;
    columns text;
BEGIN
    FOREACH shared IN ARRAY ARRAY['senders', 'pace', 'pace_accepted', 'shared_settings', 'pace_starts', 'pace_users']
    LOOP
        SELECT string_agg(quote_ident(attname), ', ') INTO columns FROM pg_attribute
         WHERE attrelid = ('public.' || shared)::regclass AND attnum > 0 AND NOT attisdropped;
        EXECUTE format('REVOKE UPDATE ON %I FROM %I', shared, sender);
        EXECUTE format('GRANT UPDATE (%s) ON %I TO %I', columns, shared, sender);
    END LOOP;
    EXECUTE format('REVOKE DELETE ON senders, pace_accepted, suppression, pace_starts, pace_users FROM %I', sender);
END $$
""".replace("KEEP_SECONDS", repr(KEEP_SECONDS)).replace("TICK", repr(TICK))


#: 17: what a fourth attack found: a cancelled campaign was resumed (and sent its rows left
#: to numbers other campaigns had reached since, the repeat guard having let them): a
#: cancelled campaign stays cancelled, as a finished one stays finished; and a sender
#: rewrote another member's sent rows (message id, error, verdict) and moved their time,
#: which the frequency cap counts by: a final outcome now stays as it was recorded; and
#: one gave another campaign's request_ids to rows of their own: a request_id now means
#: one phone and one message; a rejection of a campaign being sent was recorded while
#: its sender went on: a rejection now pauses it (and a Cancel asked stays asked: a second
#: attack withdrew one); a viewer's export was written but its
#: audit entry refused (exit 2): a viewer adds "exported" and "report" entries, no other.
MIGRATION_17 = r"""
-- A final outcome (sent, skipped) is what happened: no member rewrites it (nor an SMS's
-- cost), nor moves its time. The trigger's name makes it fire after "writes", which stamps
-- every row's time. An SMS's delivery status still changes as its reports come in.
CREATE OR REPLACE FUNCTION safir_final_holds() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF OLD.state NOT IN ('sent', 'skipped') OR current_user = public.safir_owner() OR public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF (NEW.campaign_id, NEW.row, NEW.phone_input, NEW.phone, NEW.verdict, NEW.reason, NEW.message_data,
        NEW.request_id, NEW.message_id, NEW.error_code, NEW.error, NEW.attempts, NEW.channel, NEW.repeat_key,
        NEW.sms_cost)
       IS DISTINCT FROM (OLD.campaign_id, OLD.row, OLD.phone_input, OLD.phone, OLD.verdict, OLD.reason,
                         OLD.message_data, OLD.request_id, OLD.message_id, OLD.error_code, OLD.error, OLD.attempts,
                         OLD.channel, OLD.repeat_key, OLD.sms_cost) THEN
        PERFORM public.safir_refuse('final_stays', format('row %s of campaign %s was %s: it stays so', OLD.row,
                                    OLD.campaign_id, OLD.state), format('campaign=%s;status=%s', OLD.campaign_id,
                                                                        OLD.state));
    END IF;
    NEW.updated_at := OLD.updated_at;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER zz_final_holds BEFORE UPDATE ON recipients FOR EACH ROW
    EXECUTE FUNCTION safir_final_holds();

-- A request_id means one phone and one message from one bot of one service wherever it is
-- (a retry's or a rest's row keeps its parent's, for the same ones): a member who gave another
-- campaign's ids to rows of their own made the service drop that campaign's messages as
-- repeats while its rows were recorded sent. One look a row, by the ids' own index.
CREATE INDEX IF NOT EXISTS recipients_by_request_id ON recipients (request_id);
CREATE OR REPLACE FUNCTION safir_one_message_a_request() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM public.recipients o JOIN public.campaigns oc ON oc.id = o.campaign_id
                 JOIN public.campaigns nc ON nc.id = NEW.campaign_id
                WHERE o.request_id = NEW.request_id
                  AND (o.phone IS DISTINCT FROM NEW.phone OR o.message_data IS DISTINCT FROM NEW.message_data
                       OR oc.bot_id IS DISTINCT FROM nc.bot_id OR oc.base_url IS DISTINCT FROM nc.base_url)) THEN
        IF current_user <> public.safir_owner() AND NOT public.safir_copying() THEN  -- asked only then: costly
            PERFORM public.safir_refuse('request_id_taken', format('row %s of campaign %s takes a request_id '
                                        'another phone or message has', NEW.row, NEW.campaign_id),
                                        format('campaign=%s;row=%s', NEW.campaign_id, NEW.row));
        END IF;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER one_message_a_request BEFORE INSERT ON recipients FOR EACH ROW
    WHEN (NEW.request_id IS NOT NULL) EXECUTE FUNCTION safir_one_message_a_request();

-- A viewer reads results and reports, and the trail says who did (docs/team.md): a
-- viewer's own entries are those two, nothing else.
CREATE OR REPLACE FUNCTION safir_viewer_notes() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF NEW.action NOT IN ('exported', 'report') AND current_user <> public.safir_owner()
       AND NOT public.safir_copying() AND NOT public.safir_is('sender') THEN
        PERFORM public.safir_refuse('audit_reserved', format('"%s" is written into the audit trail by the store '
                                    'itself, never by a member', NEW.action), 'action=' || NEW.action);
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER viewer_notes BEFORE INSERT ON audit FOR EACH ROW EXECUTE FUNCTION safir_viewer_notes();
DO $$
BEGIN
    EXECUTE format('GRANT INSERT (at, campaign_id, action, os_user, machine, detail) ON audit TO %I',
                   public.safir_group('viewer'));
END $$;

-- An approver's rejection of a campaign being sent pauses it; no decision at all is refused.
CREATE OR REPLACE FUNCTION safir_decide(campaign bigint, approve boolean, reason text, machine text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
DECLARE c record;
BEGIN
    approve := COALESCE(approve, false);  -- no decision is a rejection: it needs its reason
    PERFORM public.safir_need('approver');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
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

CREATE OR REPLACE FUNCTION safir_stamp_campaign() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF TG_OP = 'INSERT' THEN
        NEW.ready_seq := CASE WHEN NEW.status <> 'creating' THEN nextval('public.safir_ready_seq') END;
        IF public.safir_copying() THEN
            RETURN NEW;
        END IF;
        NEW.created_by := session_user;
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
        NEW.approval := CASE WHEN public.safir_needs_approval() THEN 'awaiting' END;
        RETURN NEW;
    END IF;
    -- A creation's rows are written only while it is creating: nobody takes a campaign back
    -- there to add rows to it, and a finished or cancelled one stays so.
    IF current_user <> public.safir_owner() AND NEW.status IS DISTINCT FROM OLD.status
       AND (NEW.status = 'creating' OR OLD.status IN ('finished', 'cancelled')) THEN
        PERFORM public.safir_refuse('status_not_allowed', format('campaign %s cannot go from %s to %s', OLD.id,
                                    OLD.status, NEW.status), format('campaign=%s;status=%s', OLD.id, OLD.status));
    END IF;
    -- A Cancel asked stays asked: a member who withdrew one asked of a frozen sender let the
    -- next sender send the campaign after all.
    IF current_user <> public.safir_owner() AND OLD.stop_request = 'cancel'
       AND NEW.stop_request IS DISTINCT FROM OLD.stop_request THEN
        PERFORM public.safir_refuse('cancel_stays', format('campaign %s is to be cancelled: a cancel asked stays '
                                    'asked', OLD.id), 'campaign=' || OLD.id);
    END IF;
    NEW.ready_seq := CASE WHEN OLD.status = 'creating' AND NEW.status <> 'creating'
                          THEN nextval('public.safir_ready_seq') ELSE OLD.ready_seq END;
    IF (NEW.bot_id, NEW.content, NEW.base_url, NEW.kind, NEW.ignore_cap, NEW.parent_id)
          IS DISTINCT FROM (OLD.bot_id, OLD.content, OLD.base_url, OLD.kind, OLD.ignore_cap, OLD.parent_id)
          AND (OLD.approval IS NOT NULL OR public.safir_needs_approval()) THEN
        NEW.approval := 'awaiting';  -- a changed campaign is not the one approved
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
    END IF;
    RETURN NEW;
END $$;
"""
