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

A refusal is SQLSTATE 42501 (or P0001) with a HINT ``safir:CODE:KEY=VALUE;…``; the app
turns the code and its parameters into its own sentence (app.reasons.TEAM_PROBLEMS, in the
user's language), psql shows the English one.
"""

from __future__ import annotations

#: Shared settings only admins change: the team's rules, template library and prices.
RULE_KEYS = ("approval", "frequency_cap", "templates", "prices")

#: The migration (schema 6). Run as one script (functions have bodies), by the store's
#: owner, who needs CREATEROLE (or is a superuser) to make the group roles. It may run
#: again over what it made (a store whose version was set back): it replaces, never fails.
MIGRATION_6 = r"""
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

CREATE OR REPLACE FUNCTION safir_copying() RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, pg_temp
    AS $$ SELECT COALESCE(current_setting('safir.copying', true), '') = 'on' AND public.safir_is('admin') $$;

CREATE OR REPLACE FUNCTION safir_needs_approval() RETURNS boolean LANGUAGE sql STABLE
    SET search_path = pg_catalog, public, pg_temp
    AS $$ SELECT COALESCE((SELECT (value::jsonb ->> 'required')::boolean FROM public.shared_settings
                           WHERE key = 'approval'), false) $$;

-- Who did it is the connection's role, whatever the client wrote (a desktop copying its
-- own journal in, as an admin, keeps the names it brings).
CREATE OR REPLACE FUNCTION safir_stamp_campaign() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE parent record;
BEGIN
    IF TG_OP = 'INSERT' THEN
        IF public.safir_copying() THEN
            RETURN NEW;
        END IF;
        NEW.created_by := session_user;
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
        NEW.approval := NULL;
        IF public.safir_needs_approval() THEN
            NEW.approval := 'awaiting';
            -- A follow-up of an approved campaign (its failures, or what a pause left) sends what was approved.
            SELECT approval, bot_id, content INTO parent FROM public.campaigns WHERE id = NEW.parent_id;
            IF FOUND AND parent.approval = 'approved' AND parent.bot_id = NEW.bot_id AND parent.content = NEW.content THEN
                NEW.approval := 'approved';
            END IF;
        END IF;
    ELSIF OLD.approval IS NOT NULL AND (NEW.bot_id, NEW.content) IS DISTINCT FROM (OLD.bot_id, OLD.content) THEN
        NEW.approval := 'awaiting';  -- a changed campaign is not the one approved
        NEW.approved_by := NULL;
        NEW.approval_note := NULL;
    END IF;
    RETURN NEW;
END $$;
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT OR UPDATE ON campaigns FOR EACH ROW EXECUTE FUNCTION safir_stamp_campaign();

CREATE OR REPLACE FUNCTION safir_stamp_who() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF public.safir_copying() THEN
        RETURN NEW;
    END IF;
    IF TG_TABLE_NAME = 'audit' THEN
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
CREATE OR REPLACE TRIGGER stamp BEFORE INSERT OR UPDATE ON shared_settings FOR EACH ROW EXECUTE FUNCTION safir_stamp_who();

-- A rule changed is audited, whoever changed it and however.
CREATE OR REPLACE FUNCTION safir_audit_rule() RETURNS trigger LANGUAGE plpgsql
    SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    IF NEW.key IN ('approval', 'frequency_cap', 'templates', 'prices') AND NOT public.safir_copying() THEN
        INSERT INTO public.audit (at, campaign_id, action, os_user, machine, detail)
        VALUES (public.safir_now(), NULL, 'rule changed: ' || NEW.key, session_user, '', left(NEW.value, 500));
    END IF;
    RETURN NULL;
END $$;
CREATE OR REPLACE TRIGGER audit_rule AFTER INSERT OR UPDATE ON shared_settings FOR EACH ROW EXECUTE FUNCTION safir_audit_rule();

-- Rules are the admins'; an unapproved campaign is its maker's and the admins'.
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

-- Approving and rejecting: an approver who is not the campaign's maker.
CREATE OR REPLACE FUNCTION safir_decide(campaign bigint, approve boolean, reason text, machine text)
    RETURNS void LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE c record;
BEGIN
    PERFORM public.safir_need('approver');
    SELECT * INTO c FROM public.campaigns WHERE id = campaign AND status <> 'creating' FOR UPDATE;
    IF NOT FOUND THEN
        PERFORM public.safir_refuse('no_campaign', format('there is no campaign %s', campaign), 'campaign=' || campaign,
                                    'P0001');
    END IF;
    IF c.approval IS NULL THEN
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

-- A creation that was abandoned, or refused as a repeat, is taken away whole (members may not delete).
CREATE OR REPLACE FUNCTION safir_drop_creation(campaign bigint) RETURNS boolean LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('sender');
    IF NOT EXISTS (SELECT 1 FROM public.campaigns WHERE id = campaign AND status = 'creating') THEN
        RETURN false;
    END IF;
    DELETE FROM public.recipients WHERE campaign_id = campaign;
    DELETE FROM public.campaigns WHERE id = campaign AND status = 'creating';
    RETURN true;
END $$;

-- Members.
CREATE OR REPLACE FUNCTION safir_members() RETURNS TABLE (member text, role text) LANGUAGE sql STABLE SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
    SELECT DISTINCT mr.rolname::text, public.safir_role_of(mr.rolname)
      FROM pg_auth_members m JOIN pg_roles gr ON gr.oid = m.roleid JOIN pg_roles mr ON mr.oid = m.member
     WHERE gr.rolname IN (public.safir_group('viewer'), public.safir_group('sender'), public.safir_group('approver'),
                          public.safir_group('admin'))
       AND mr.rolname NOT IN (public.safir_group('viewer'), public.safir_group('sender'), public.safir_group('approver'),
                              public.safir_group('admin'))
    UNION SELECT public.safir_owner(), 'owner'
    ORDER BY 1 $$;

CREATE OR REPLACE FUNCTION safir_admins_but(leaving text) RETURNS bigint LANGUAGE sql STABLE
    SET search_path = pg_catalog, public, pg_temp
    AS $$ SELECT COUNT(*) FROM public.safir_members() AS m WHERE m.role = 'admin' AND m.member <> leaving $$;

CREATE OR REPLACE FUNCTION safir_set_group(member text, new_role text, machine text) RETURNS void LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
DECLARE r text;
BEGIN
    PERFORM public.safir_need('admin');
    IF new_role NOT IN ('viewer', 'sender', 'approver', 'admin', 'none') THEN
        PERFORM public.safir_refuse('unknown_role', format('%s is not a role: viewer, sender, approver or admin',
                                    new_role), 'role=' || new_role, 'P0001');
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = member) THEN
        PERFORM public.safir_refuse('not_a_member', format('%s is not a member of this team', member),
                                    'member=' || member, 'P0001');
    END IF;
    IF member = public.safir_owner() THEN
        PERFORM public.safir_refuse('owner_fixed', format('%s owns the team store: its role cannot change', member),
                                    'member=' || member, 'P0001');
    END IF;
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
            session_user, COALESCE(machine, ''), member || CASE WHEN new_role = 'none' THEN '' ELSE ': ' || new_role END);
END $$;

CREATE OR REPLACE FUNCTION safir_add_member(member text, new_role text, verifier text, machine text) RETURNS void
    LANGUAGE plpgsql SECURITY DEFINER SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('admin');
    IF member !~ '^[a-z_][a-z0-9_.-]{0,62}$' THEN
        PERFORM public.safir_refuse('bad_member_name', format('%s cannot be a member''s name: use lower-case letters, '
                                    'digits, _ . or -, starting with a letter', member), 'member=' || member,
                                    'P0001');
    END IF;
    IF NOT EXISTS (SELECT 1 FROM pg_roles WHERE rolname = member) THEN
        IF verifier IS NULL THEN
            PERFORM public.safir_refuse('password_needed', format('%s is new: give a password for them', member),
                                        'member=' || member, 'P0001');
        END IF;
        EXECUTE format('CREATE ROLE %I LOGIN PASSWORD %L', member, verifier);
    ELSIF public.safir_role_of(member) NOT IN ('none') AND verifier IS NOT NULL THEN
        EXECUTE format('ALTER ROLE %I PASSWORD %L', member, verifier);  -- this team's member: a new password
    END IF;
    PERFORM public.safir_set_group(member, new_role, machine);
END $$;

CREATE OR REPLACE FUNCTION safir_remove_member(member text, machine text) RETURNS void LANGUAGE plpgsql SECURITY DEFINER
    SET search_path = pg_catalog, public, pg_temp AS $$
BEGIN
    PERFORM public.safir_need('admin');
    IF public.safir_role_of(member) = 'none' THEN
        PERFORM public.safir_refuse('not_a_member', format('%s is not a member of this team', member),
                                    'member=' || member, 'P0001');
    END IF;
    PERFORM public.safir_set_group(member, 'none', machine);
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
    EXECUTE format('GRANT EXECUTE ON ALL FUNCTIONS IN SCHEMA public TO %I', viewer);
    EXECUTE format('ALTER DEFAULT PRIVILEGES IN SCHEMA public GRANT SELECT ON TABLES TO %I', viewer);
    EXECUTE format('GRANT INSERT ON campaigns, recipients, attempts, audit, senders, pace, pace_accepted, suppression,'
                   ' shared_settings, series TO %I', sender);
    EXECUTE format('GRANT UPDATE (name, source_path, kind, content, bot_id, rate_per_minute, in_flight, base_url,'
                   ' status, status_reason, parent_id, quiet_start, quiet_end, time_zone, start_at, updated_at,'
                   ' content_hash, runner, stop_request, stop_reason, ignore_cap, series_id, pace_per_minute,'
                   ' pace_slowed, ready_seq, created_at) ON campaigns TO %I', sender);
    EXECUTE format('GRANT UPDATE ON recipients, attempts, senders, pace, pace_accepted, shared_settings, store_meta,'
                   ' series TO %I', sender);
    EXECUTE format('GRANT DELETE ON senders, pace_accepted, suppression TO %I', sender);
    EXECUTE format('GRANT USAGE ON ALL SEQUENCES IN SCHEMA public TO %I', sender);
END $$
"""
