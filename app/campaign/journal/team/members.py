"""A team store's members and what they may do, asked of PostgreSQL (docs/team.md,
"Members and roles"; the rules themselves live in app.campaign.journal.team.authority).

Who acts is the connection's ``session_user``: never an environment variable or a host
name. Every call here runs one of the store's SECURITY DEFINER functions or reads the
catalogue; a refusal comes back as a JournalError (``REFUSED``) with its code.
"""

from __future__ import annotations

import socket
from typing import cast

from app.campaign.journal.errors import JournalError, JournalFault, sentences
from app.campaign.journal.records import Member, TeamRole
from app.campaign.journal.connection import JournalConnection
from app.campaign.journal.team.database import TeamDatabase
from app.reasons import team_problem


class TeamMembers(JournalConnection):
    """Members, roles and decisions on the team store (mixed into TeamJournal)."""

    @sentences
    def who(self) -> Member:
        """This connection's member: its login and role."""
        name, role = self.db.execute("SELECT session_user, safir_role_of(session_user)").fetchone()
        return Member(str(name), str(role))

    def require(self, role: TeamRole) -> None:
        """Raise JournalError (``REFUSED``, its reason ``role_needed``) unless this member's role
        includes ``role``: the sentence names the role needed (the store refuses the
        action itself anyway; asking first changes nothing)."""
        member = self.who()
        if not member.may(role):
            params = {"role": str(role), "member": member.name, "has": member.role}
            raise JournalError(team_problem("role_needed", **params), JournalFault.REFUSED, self.path)

    @sentences
    def decide_in_store(self, campaign_id: int, *, approve: bool, reason: str | None) -> None:
        """Approve or reject a campaign as this member (the store checks the approver role
        and that they did not make it, and audits it). Raises JournalError (``REFUSED``)."""
        with self.transaction():
            self.db.execute("SELECT safir_decide($1, $2, $3, $4)", (campaign_id, approve, reason, socket.gethostname()))

    @sentences
    def members(self) -> list[Member]:
        """Everyone with a role on this store (the owner too), by name."""
        return [Member(str(name), str(role)) for name, role in self.db.execute("SELECT * FROM safir_members()")]

    @sentences
    def add_member(self, name: str, role: TeamRole, password: str | None) -> None:
        """Give ``name`` the ``role``, making their login with ``password`` when the server
        has none (only its SCRAM verifier leaves this desktop); a member's password is
        changed when given. Raises JournalError (``REFUSED``) unless this member is an admin."""
        verifier = None
        if password:
            connection = cast(TeamDatabase, self.db).connection
            verifier = connection.pgconn.encrypt_password(password.encode(), name.encode(), b"scram-sha-256").decode()
        with self.transaction():
            self.db.execute("SELECT safir_add_member($1, $2, $3, $4)",
                            (name, str(role), verifier, socket.gethostname()))

    @sentences
    def set_member_role(self, name: str, role: TeamRole) -> None:
        """Change a member's role (never the last admin's away). Raises JournalError."""
        with self.transaction():
            self.db.execute("SELECT safir_set_group($1, $2, $3)", (name, str(role), socket.gethostname()))

    @sentences
    def remove_member(self, name: str) -> None:
        """Take every role of this store from ``name`` (their login stays, for other
        stores of the server); a campaign they are sending pauses. Raises JournalError."""
        with self.transaction():
            self.db.execute("SELECT safir_remove_member($1, $2)", (name, socket.gethostname()))
