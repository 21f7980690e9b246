"""Approval: "nothing goes out without my OK" (docs/architecture.md, "Approval").

When the journal's shared rule says campaigns need approval, a campaign is made
``awaiting`` and nobody (the window, the CLI, a sending process) can send it until an
approver approves it; a rejection carries a sentence back. Approvers are named OS users
(``user`` or ``user@machine``: on a team store, the team's managers on their own desktops)
or, on one machine, whoever knows the approver password (kept as a scrypt hash, never
the password itself). Changing an approved campaign's bot or template makes it wait again.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import os
from dataclasses import dataclass
from enum import StrEnum
from typing import TYPE_CHECKING, Any

from app.campaign.journal.errors import JournalError
from app.campaign.journal.records import CampaignStatus, StopRequest, TeamRole
from app.reasons import pause_reason, team_problem

if TYPE_CHECKING:
    from app.campaign.journal import Campaign, Journal

#: The shared setting that holds the rule.
APPROVAL_SETTING = "approval"


class Approval(StrEnum):
    """A campaign's approval, when campaigns need one (stored on the campaign)."""

    AWAITING = "awaiting"
    APPROVED = "approved"
    REJECTED = "rejected"


class MakerCannotApprove(PermissionError):
    """The campaign's maker asked to approve or reject it: another approver must."""


class NotApproved(Exception):
    """The campaign may not be sent: it awaits approval or was rejected (the message says
    which, and the reason given)."""


def _scrypt(password: str, salt: bytes) -> bytes:
    return hashlib.scrypt(password.encode(), salt=salt, n=2**14, r=8, p=1, dklen=32)


def hash_password(password: str) -> str:
    """A salted scrypt hash of the approver password, as stored."""
    salt = os.urandom(16)
    return "scrypt$" + base64.b64encode(salt).decode() + "$" + base64.b64encode(_scrypt(password, salt)).decode()


@dataclass(frozen=True)
class ApprovalRule:
    """Whether campaigns need approval (``required``), who may approve them
    (``approvers``: ``user`` or ``user@machine``) and the approver password's hash."""

    required: bool
    approvers: tuple[str, ...] = ()
    password_hash: str | None = None

    def problem(self, *, by_roles: bool = False) -> str | None:
        """Why this rule cannot be set, in a sentence; None when it can. ``by_roles``: on a
        team store, whose approvers are the members with the approver role."""
        if by_roles:
            return team_problem("approvers_are_roles").text() if self.approvers or self.password_hash else None
        if self.required and not self.approvers and not self.password_hash:
            return ("nobody could approve a campaign: name at least one approver (--approver USER or USER@MACHINE) "
                    "or set an approver password (--password)")
        return None

    def may_approve(self, user: str, machine: str, password: str | None = None) -> bool:
        """True when ``user`` on ``machine`` is a named approver, or ``password`` is the
        approver password."""
        if user in self.approvers or f"{user}@{machine}" in self.approvers:
            return True
        if password and self.password_hash:
            _, salt, digest = self.password_hash.split("$")
            return hmac.compare_digest(base64.b64decode(digest), _scrypt(password, base64.b64decode(salt)))
        return False

    def describe(self, *, by_roles: bool = False) -> str:
        if not self.required:
            return "campaigns need no approval"
        if by_roles:
            return "campaigns need approval by a member with the approver role (never by the campaign's maker)"
        who = ", ".join(self.approvers) or "nobody by name"
        return f"campaigns need approval by: {who}" + ("; or with the approver password" if self.password_hash else "")

    def to_json(self) -> dict[str, Any]:
        return {"required": self.required, "approvers": list(self.approvers), "password_hash": self.password_hash}

    @classmethod
    def from_json(cls, data: object) -> ApprovalRule | None:
        if not isinstance(data, dict):
            return None
        fields: dict[str, Any] = dict(data)  # type: ignore[arg-type]  # JSON from the store
        approvers: list[object] = list(fields.get("approvers") or [])
        return cls(bool(fields.get("required")), tuple(str(a) for a in approvers if a),
                   str(fields["password_hash"]) if fields.get("password_hash") else None)


def approval_rule(journal: Journal) -> ApprovalRule | None:
    """The journal's approval rule (None: none set)."""
    return ApprovalRule.from_json(journal.shared.get(APPROVAL_SETTING))


def initial_approval(journal: Journal) -> str | None:
    """The approval a new campaign starts with: awaiting when the rule requires it."""
    rule = approval_rule(journal)
    return Approval.AWAITING if rule is not None and rule.required else None


def check_sendable(campaign: Campaign, rule: ApprovalRule | None = None) -> None:
    """Raise NotApproved unless ``campaign`` may be sent. Under ``rule`` (the journal's,
    when campaigns need approval) a campaign made before the rule awaits approval too."""
    awaiting = campaign.approval == Approval.AWAITING or (
        campaign.approval is None and rule is not None and rule.required) or (
        campaign.approval is not None and campaign.approval not in tuple(Approval))  # 'Approved' copied in by hand
    if awaiting:
        raise NotApproved(f"campaign {campaign.id} awaits approval: an approver must approve it first "
                          f"(safir-campaign approve {campaign.id})")
    if campaign.approval == Approval.REJECTED:
        why = f": {campaign.approval_note}" if campaign.approval_note else ""
        raise NotApproved(f"campaign {campaign.id} was rejected by {campaign.approved_by}{why}")


def mark_running(journal: Journal, campaign_id: int) -> None:
    """Store that campaign ``campaign_id`` is being sent. A team store refuses that to a
    campaign that needs approval and lacks it (a rejection that came after the sender's
    look, docs/team.md): raises NotApproved then, saying why; JournalError otherwise."""
    try:
        journal.control.set_status(campaign_id, CampaignStatus.RUNNING)
    except JournalError as exc:
        if exc.reason.code == "not_approved":
            check_sendable(journal.campaigns.get(campaign_id), approval_rule(journal))
        raise


def set_approval_rule(journal: Journal, rule: ApprovalRule) -> None:
    """Set the journal's approval rule. Raises ValueError (its sentence) for a rule that
    leaves nobody able to approve (or, on a team store, names approvers: there they are
    roles), and JournalError (a team store refuses anyone but an admin)."""
    problem = rule.problem(by_roles=journal.decides_in_store)
    if problem:
        raise ValueError(problem)
    journal.require(TeamRole.ADMIN)
    journal.shared.set(APPROVAL_SETTING, rule.to_json())
    if not journal.decides_in_store:  # a team store audits every rule change itself
        journal.audit_trail.add("approval rule set", None, rule.describe())


def decide(journal: Journal, campaign_id: int, *, approve: bool, user: str, machine: str,
           password: str | None = None, reason: str | None = None) -> Campaign:
    """Approve or reject campaign ``campaign_id`` as ``user`` on ``machine`` (or with the
    approver ``password``); returns the campaign as it is now. On a team store the store
    decides (its function checks the approver role and that the approver did not make the
    campaign, with ``session_user``: ``user`` is not asked). On one desktop's journal the
    approver is a named OS account (never the campaign's maker) or whoever knows the
    approver password (a machine shared by several people). Raises PermissionError (a
    sentence) when they may not, ValueError when there is nothing to decide or a
    rejection has no reason, KeyError for an unknown campaign, JournalError (a team
    store's refusal among them)."""
    from app.campaign.journal import CampaignStatus

    if journal.decides_in_store:
        journal.decide_in_store(campaign_id, approve=approve, reason=reason)
        return journal.campaigns.get(campaign_id)
    rule = approval_rule(journal)
    campaign = journal.campaigns.get(campaign_id)
    if rule is None or not rule.required:  # under the rule, one made before it needs approval too
        raise ValueError(f"campaign {campaign_id} needs no approval")
    if campaign.status in (CampaignStatus.FINISHED, CampaignStatus.CANCELLED):
        raise ValueError(f"campaign {campaign_id} is {campaign.status}; there is nothing to approve")
    if not approve and not (reason or "").strip():
        raise ValueError("say why it is rejected (--reason): the sentence goes back to whoever made it")
    by_password = bool(password) and rule.may_approve("", "", password)
    if not by_password and not rule.may_approve(user, machine):
        raise PermissionError(f"{user}@{machine} may not approve campaigns (approvers: "
                              f"{', '.join(rule.approvers) or 'by password only'})")
    if not by_password and campaign.created_by == user:
        raise MakerCannotApprove(f"{user} made campaign {campaign_id}: another approver must approve or reject it")
    state = Approval.APPROVED if approve else Approval.REJECTED
    journal.control.set_approval(campaign_id, state,
                                 f"{user}@{machine}" + (" (approver password)" if by_password else ""),
                                 None if approve else (reason or "").strip())
    journal.audit_trail.add("approved" if approve else "rejected", campaign_id, None if approve else reason)
    if not approve and campaign.status == CampaignStatus.RUNNING:  # its sender pauses within a second
        journal.control.request_stop(campaign_id, StopRequest.PAUSE,
                                     pause_reason("rejected", member=f"{user}@{machine}", note=(reason or "").strip()))
    return journal.campaigns.get(campaign_id)
