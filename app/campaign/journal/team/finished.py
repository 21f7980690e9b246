"""Migration 19 of the team store: a campaign is "finished" only when every recipient has a
final outcome, whoever writes it, a copy too (docs/team.md, "What the database enforces").

Migration 14 refuses "finished" written over another status while a recipient is pending,
in flight or unknown. An admin's copy (``safir.copying``, app/campaign/journal/team/moving.py)
inserts a campaign already "finished" and its rows after it, and the check steps aside for a
copy's own updates, so it never ran: a copy brought in a "finished" campaign with rows still
to send (a desktop's journal changed by hand), which no sender would ever take up and every
screen called done. A constraint trigger deferred to the end of the transaction that
inserts a campaign "finished", or makes it so, looks at its rows then.
"""

from __future__ import annotations

MIGRATION_19 = r"""
CREATE OR REPLACE FUNCTION safir_inserted_finished_is_final() RETURNS trigger LANGUAGE plpgsql
    SECURITY DEFINER SET search_path = pg_catalog, pg_temp AS $$
BEGIN
    IF EXISTS (SELECT 1 FROM public.campaigns c WHERE c.id = NEW.id AND c.status = 'finished')
       AND EXISTS (SELECT 1 FROM public.recipients r WHERE r.campaign_id = NEW.id
                   AND r.state IN ('pending', 'in_flight', 'unknown')) THEN
        PERFORM public.safir_refuse('not_all_final', format('campaign %s still has recipients to send: it is not '
                                    'finished', NEW.id), 'campaign=' || NEW.id, 'P0001');
    END IF;
    RETURN NULL;
END $$;
REVOKE ALL ON FUNCTION safir_inserted_finished_is_final() FROM PUBLIC;
DROP TRIGGER IF EXISTS inserted_finished_is_final ON campaigns;
CREATE CONSTRAINT TRIGGER inserted_finished_is_final AFTER INSERT OR UPDATE OF status ON campaigns
    DEFERRABLE INITIALLY DEFERRED
    FOR EACH ROW WHEN (NEW.status = 'finished') EXECUTE FUNCTION safir_inserted_finished_is_final();
"""
