"""Why: one catalogue of reason codes and their English sentences (shared by every layer;
it imports nothing).

Why a campaign stopped or waits travels as a :class:`Reason` (a code and its parameters),
stored as such in the journal and between processes; its sentence is made only at the
edges: English by :meth:`Reason.text` (the CLI, the log), the user's language in the
window (``tr()`` of the template, then ``format(**params)``). Why a row was not sent
travels the same way (:func:`row_reason` makes its stored form, :func:`reason_words`
its English sentence for the results files and the CLI), and so does an error about a
file, the store, the team or content (a :class:`ReasonedError`). The service's own words
are kept as they came. No sentence is ever read back into a code.
"""

from __future__ import annotations

import json
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

#: Reason code → English template with ``{named}`` parameters.
REASONS: dict[str, str] = {
    "empty": "the phone cell is empty",
    "sms_no_text": "nothing of this message can go by SMS (a template, or media without a caption)",
    "sms_not_taken": "the SMS gateway did not confirm it: it is sent again under the same id, never twice",
    "scientific": "written in scientific notation, so Excel has lost digits: format the column as text in the "
                  "source and export again",
    "not_digits": "contains letters or symbols that are not part of a phone number",
    "digit_count": "{digits} digits: not an Iranian mobile number (expected 09xx xxx xxxx)",
    "not_a_phone": "not a phone number",
    "foreign": "a foreign number (+{country}, {region}), not Iranian",
    "wrong_length": "wrong number of digits for an Iranian mobile (expected 09xx xxx xxxx)",
    "landline": "a landline number, not a mobile",
    "voip": "a VoIP number, not a mobile",
    "toll_free": "a toll-free number, not a mobile",
    "premium_rate": "a premium-rate number, not a mobile",
    "shared_cost": "a shared-cost number, not a mobile",
    "uan": "a company (UAN) number, not a mobile",
    "pager": "a pager number, not a mobile",
    "not_mobile_prefix": "not an Iranian mobile prefix",
    "formula_unsaved": "a formula whose result was not saved: open and save the file in Excel or LibreOffice, or "
                       "paste values",
    "formula_unsaved_in": "the {column} cell is a formula whose result was not saved: open and save the file in "
                          "Excel or LibreOffice, or paste values",
    "duplicate": "same number as row {row}",
    "suppressed": "on the suppression list",
    "repeat": "already got this message in campaign {campaign}",
    "repeat_waiting": "still to get this message from campaign {campaign}, which is not cancelled",
    "capped": "the frequency cap: this number got {count} messages in the last {days} days",
    "suppressed_after_attempt": "on the suppression list; an earlier request's answer was lost, so that one may "
                                "have arrived",
    "invalid_message": "this row makes an invalid message: {detail}",
    # {problem} is a CONTENT_PROBLEMS code whose parameters travel beside it.
    "message_over_limit": "this row makes an invalid message: {field}: {problem}",
    "message_problem": "this row makes an invalid message: {problem}",
    "cancelled_unsent": "not sent: the campaign was cancelled",
    "cut_off": "stopped before its answer arrived; a resume re-sends it safely",
    "unexpected_error": "unexpected error: {kind}",
}


#: Spec error codes (7.2, 7.3) as a user should read them.
SERVICE_ERRORS: dict[int, str] = {
    2: "the service had an internal error; try again later",
    3: "too many messages at once: the service asked to slow down",
    4: "the service refused the message as invalid (check the template, bot and fields)",
    8: "the service says this phone number is not valid",
    17: "this phone has no Bale account",
    18: "too many one-time passwords to this phone in the last hour",
    20: "the account's balance is used up: payment required",
    21: "the bot has reached its contact limit",
}


#: The client's own account-wide problems (app.api's SafirError.problem) as a user should read them.
CLIENT_PROBLEMS: dict[str, str] = {
    "key_refused": "the API access key was refused: check it in the profile",
    "auth_failed": "the service refused the credentials: check the client id, secret and API access key",
    "cannot_connect": "the service could not be reached: check the network and the profile's address",
    "no_key": "this profile has no API access key: add one in Profiles",
    "key_char": "the API access key has a character that cannot be sent (pasted with an invisible character?): "
                "paste it again in Profiles",
    "client_refused": "the client id or secret was refused: check them in the profile",
}


#: Why a campaign stopped before its end (the engine's pause and cancel reasons).
PAUSE_REASONS: dict[str, str] = {
    "user_paused": "paused by the user",
    "sms_refused": "the SMS gateway refused the campaign's messages: {detail}; the numbers without a Bale account "
                   "wait to be sent by SMS when it is resumed",
    "sms_waiting": "{count} recipients have no Bale account and wait for their SMS: resume the campaign to send "
                   "them",
    "sms_not_set_up": "{count} recipients have no Bale account and this campaign sends them by SMS, but no SMS "
                      "gateway is set up (SAFIR_SMS_API_KEY and SAFIR_SMS_SENDER): set it and resume",
    "user_cancelled": "cancelled by the user",
    "rejected": "paused: {member} rejected it: {note}",
    "window_closed": "paused because the window was closed",
    "interrupted": "interrupted",
    "sender_not_started": "the sending process could not be started ({detail}): reinstall the app",
    "sender_stopped_at_once": "the sending process stopped at once (exit status {status}): {detail}",
    "sender_slow": "the sending process did not start sending within {seconds} s (see {file})",
    "sender_died": "the process sending the campaign stopped unexpectedly (exit status {status}); resume it: "
                   "nothing is sent twice",
    # A sender this process did not start (another window's, a terminal's): its exit status is not ours to read.
    "sender_vanished": "the process sending the campaign stopped unexpectedly; resume it: nothing is sent twice",
    "signal": "interrupted ({signal})",
    "not_confirmed": "the service did not confirm {count} messages after {rounds} re-sends; resume later to re-send "
                     "them under the same request_id (the service drops duplicates)",
    "not_sent": "{count} recipients were not sent yet; resume the campaign",
    "not_answering": "the service at {url} is not answering ({count} requests in a row had no answer); resume when "
                     "it answers again (nothing is sent twice)",
    "silent": "the service at {url} has not answered for {seconds} s; resume when it answers again (messages "
              "already out are re-sent under the same request_id, so nothing is sent twice)",
    "same_refusal": "the service refused {count} messages in a row with the same answer ({answer}): the template, "
                    "bot or message is probably wrong for this account; nothing was sent to those recipients. Resume "
                    "once the account has it right (a template approved, a bot added), or cancel the campaign and "
                    "send again with the right message",
    "unexpected": "an unexpected error stopped the campaign ({kind}: {detail}); see the log, then resume it",
    "account": "{error}. Fix this, then resume the campaign.",
    "suppression_unreadable": "the suppression list {file} could not be read ({detail}); fix it, then resume the "
                              "campaign (nobody was messaged without it being checked)",
    "network": "{error}. Check the network, then resume the campaign.",
    # Written by the team store itself (app/campaign/journal/team/authority.py, safir_remove_member).
    "member_removed": "{member} was removed from the team while sending it; another member can resume it (nothing "
                      "is sent twice)",
}


#: Why a file cannot be read or written (app.contacts' SheetError and ExportError). Order
#: matters where one template is a special case of another: the special one comes first.
FILE_PROBLEMS: dict[str, str] = {
    "file_not_found": "{file} was not found.",
    "file_password": "{file} is password-protected: open it, remove the password and save it again.",
    "file_password_excel": "{file} is password-protected: open it in Excel, remove the password (File > Info > "
                           "Protect Workbook) and save it again.",
    "file_not_workbook": "{file} could not be opened as a workbook: it is damaged, or another kind of file under a "
                         "spreadsheet's name; open it in Excel or LibreOffice and save it again as XLSX ({detail}).",
    "file_unsupported": "{file}: unsupported file type {suffix}; use CSV, XLSX, XLS or ODS.",
    "file_vanished": "{file} disappeared while it was being read.",
    "file_suppression_unreadable": "the suppression list {file} could not be read ({detail}).",
    "file_too_large": "{file} is too large to read with the memory available.",
    "file_unreadable": "{file} could not be read ({detail}).",
    "file_sheet_empty": "the sheet {sheet} of {file} is empty.",
    "file_empty": "{file} is empty.",
    "file_no_rows": "{file} has a header row but no data rows.",
    "file_no_such_sheet": "{file} has no sheet named {sheet}; its sheets are: {sheets}.",
    "file_binary": "{file} is not a text CSV file (it looks binary); save it as CSV or XLSX.",
    "file_bad_csv": "{file} is not a well-formed CSV file ({detail}).",
    "file_ragged_csv": "{file}: line {line} has {found} values where the header has {expected}: a comma inside a "
                       "value without quotes, or a file that is not a table. Open it in Excel or LibreOffice and "
                       "save it again as CSV or XLSX.",
    "file_unknown_encoding": "{file}: unknown text encoding; save it as UTF-8 CSV or XLSX.",
    "file_mixed_encoding": "{file}: line {line} is in another text encoding than the rest of the file ({odd} "
                           "instead of {most}); it was probably pasted from another program, and its letters would "
                           "reach recipients scrambled. Open the file, type or paste that line again, and save the "
                           "file as CSV UTF-8 (or as XLSX).",
    "file_no_column": "no column named {column} in {file}; its columns are: {columns}.",
    "file_no_phone_column": "no column of {file} looks like phone numbers; name one with --phone-column (columns: "
                            "{columns}).",
    "file_bad_suffix": "cannot write {file}: choose a .csv or .xlsx file name.",
    "file_cannot_write": "cannot write {file}: {detail}.",
    "file_cannot_copy": "cannot open {file} to copy it: {detail}.",
}


#: Why the team store (PostgreSQL) cannot be used (app.campaign.journal.team); ``{store}``
#: is its address without the password. Then why the embedded journal cannot
#: (app.campaign.journal.errors).
STORE_PROBLEMS: dict[str, str] = {
    "store_unreachable": "the team store {store} cannot be reached ({detail}): check that its server runs and the "
                         "address is right; sending resumes once it answers (nothing is sent twice)",
    "store_login_failed": "the team store {store} refused the login of {user}: check the user name and password",
    "store_no_password": "the team store {store} asks {user} for a password and none was given: keep it with "
                         "'safir-campaign store password URL', or put it in PGPASSWORD or ~/.pgpass",
    "store_no_database": "the team store {store} has no database {database}: create it (see docs/team.md)",
    "store_no_permission": "the team store {store} does not let {user} do this ({detail}): a team admin gives each "
                           "member the role they need (safir-campaign team list; docs/team.md, \"Members and "
                           "roles\")",
    "store_disk_full": "the team store {store} is out of disk space: free some on its server, then resume",
    "store_newer_schema": "the team store {store} was set up by a newer version of the app (schema {version}): "
                          "update the app on this desktop",
    "store_bad_address": "{address} is not a team store address: a team store is a PostgreSQL database, written "
                         "postgresql://USER@HOST:PORT/DATABASE",
    "store_failed": "the team store {store} failed: {detail}",
    "store_needs_owner": "the team store {store} must be brought up to this version of the app (schema {version}) by "
                         "its owner, {owner}: ask them to open it once with this version",
    "store_needs_createrole": "the team store {store} now keeps its members as database roles, and its owner {owner} "
                              "needs the right to create them: as a PostgreSQL superuser run ALTER ROLE {owner} "
                              "CREATEROLE, then open the store again (docs/team.md)",
    # The embedded journal (SQLite): {folder} holds the journal {path}.
    "journal_disk_full": "the disk holding {folder} is full: free some space, then resume the campaign",
    "journal_disk_failed": "the disk holding {folder} failed to write (disk I/O error): check the disk, then resume "
                           "the campaign",
    "journal_read_only": "the journal {path} cannot be written (read-only file, folder or disk): make it writable, "
                         "then try again",
    "journal_damaged": "the journal {path} is damaged: move it aside (a new one is started) or restore it from a "
                       "backup",
    "journal_locked": "the journal {path} is locked by another program: close it and try again",
    "journal_cannot_open": "the journal {path} cannot be opened: check that {folder} exists and is writable",
    "journal_full_not_created": "the disk holding {folder} is full, so the campaign was not created (nothing was "
                                "stored or sent): free some space, then send it again",
    "journal_failed": "the journal {path} failed: {detail}",
    "journal_gone": "the journal {path} was deleted or replaced while it was in use: sending stopped at once. A new "
                    "journal knows nothing of what was sent, so do not send the same sheet again (everyone would get "
                    "it twice): restore the journal from a backup, or see the log of what was sent",
    "lock_gone": "the campaign's lock {path} was deleted or replaced while it was sending: sending stopped at once, "
                 "so that no second sender sends beside it. The journal is intact: resume the campaign to send the "
                 "rest (nobody gets it twice)",
    "journal_log_gone": "the journal's log {path} was deleted while it was in use: sending stopped at once, and what "
                        "the log held was written into the journal. Resume the campaign to send the rest",
    "journal_log_gone_window": "the journal's log {path} was deleted while this window had it open: what the window "
                               "held was written into the journal, and the window reads and writes it no more. Close "
                               "the app and open it again",
    "journal_lost": "the journal {path} is gone, though this folder held one: a new journal would know nothing of "
                    "what was sent, and sending the same sheet again would message everyone twice. Restore the "
                    "journal from a backup; to start an empty journal on purpose, delete {path}.held too",
}


#: Why a team store refused a member (app.campaign.journal.team.authority): the code of
#: its HINT and its parameters ({member}, {role}, {has}, {campaign}, {status}, {store}).
TEAM_PROBLEMS: dict[str, str] = {
    "role_needed": "this needs the {role} role on the team store, and {member} is {has}: a team admin can give it "
                   "(safir-campaign team role {member} {role})",
    "table_needed": "{member} may not do this on the team store ({detail}): it needs the {role} role, which a team "
                    "admin can give (safir-campaign team role {member} {role})",
    "audit_is_append_only": "the audit trail can only be added to: nobody but the store's owner changes or deletes it",
    "maker_cannot_approve": "{member} made this campaign: another approver must approve or reject it",
    "no_campaign": "there is no campaign {campaign} (see: safir-campaign list)",
    "needs_no_approval": "campaign {campaign} needs no approval",
    "nothing_to_decide": "the campaign is {status}; there is nothing to approve or reject",
    "not_stopped": "campaign {campaign} is {status}; only a stopped campaign can be changed",
    "reason_needed": "say why it is rejected (--reason): the sentence goes back to whoever made it",
    "unknown_role": "{role} is not a role: viewer, sender, approver or admin",
    "owner_fixed": "{member} owns the team store: its role cannot change",
    "last_admin": "{member} is the team's last admin: make someone else admin first",
    "bad_member_name": "{member} cannot be a member's name: use lower-case letters, digits, _ . or -, starting with "
                       "a letter",
    "password_needed": "{member} is new to the store's server: give them a password (--password-stdin)",
    "not_a_member": "{member} is not a member of this team",
    "audit_reserved": "\"{action}\" is written into the audit trail by the team store itself, never by a member",
    "too_many_numbers": "{count} numbers locked at once: a batch of sends locks at most 10,000",
    "not_a_plain_login": "{member} cannot be a member: only a plain login can (not a superuser, a role that manages "
                         "roles or databases, or a team store's group role)",
    "password_not_ours": "{member}'s login was not made by this team store: they keep their own password (give the "
                         "role without one)",
    "group_taken": "the role {role} already exists and was not made as this team store's group: rename the database "
                   "or drop that role (docs/team.md)",
    "no_series": "there is no repeating campaign {series} (see: safir-campaign series list)",
    "not_your_series": "repeating campaign {series} is {member}'s: only its maker or an admin changes it",
    "owner_superuser": "the team store's owner {owner} is a superuser: the store's functions run as its owner, so it "
                       "must be a plain login that may create roles (docs/team.md, \"Starting a team store\")",
    "status_not_allowed": "campaign {campaign} is {status}: it cannot go back to being made, nor a finished or "
                          "cancelled one start again (make a retry or a new campaign)",
    "final_stays": "a recipient of campaign {campaign} that was {status} stays so: nobody is sent a message twice",
    "one_channel": "row {row} of campaign {campaign} stays on {channel}: a recipient is sent on one channel only,"
                   " and by SMS only when the service said it has no Bale account and its campaign sends those by SMS",
    "not_your_lease": "row {row} of campaign {campaign} is not held by a sender of {member}: only the sender that "
                      "holds it records it sent",
    "cancel_stays": "campaign {campaign} is to be cancelled: a cancel asked stays asked",
    "request_id_taken": "row {row} of campaign {campaign} takes a request id that another phone or message has "
                        "(or another bot's): the service would drop one of the two as a repeat",
    "not_your_sender": "the sender {owner} of campaign {campaign} is {member}'s: another member may only revoke it",
    "bad_next_run": "{when} is not a time within 400 days for repeating campaign {series}'s next run",
    "not_all_final": "campaign {campaign} still has recipients to send: it is not finished",
    "not_your_campaign": "campaign {campaign} is {member}'s: only its maker or an admin changes it",
    "copy_writes_its_own": "a copy of a desktop's journal writes only the campaigns it copies in ({table} of another "
                           "was refused)",
    "still_creating": "campaign {campaign} is still being made by {member}: nobody else changes it until it is ready",
    "not_approved": "campaign {campaign} is not approved: it is sent only once an approver approves it "
                    "(safir-campaign approve {campaign})",
    "nothing_to_change": "campaign {campaign}: name the bot (--bot-id) or the template (--template) to change",
    "setting_keeps_its_name": "the team's setting {setting} keeps its name: change its value instead",
    "approvers_are_roles": "on a team store the approvers are the members with the approver role (safir-campaign "
                           "team role NAME approver), not names in the rule",
}


def team_problem(code: str, **params: object) -> Reason:
    """Team store refusal ``code`` (:data:`TEAM_PROBLEMS`) with its parameters (KeyError
    for another code or a missing parameter)."""
    return _of(TEAM_PROBLEMS, code, params)


def store_problem(code: str, **params: object) -> Reason:
    """Store problem ``code`` (:data:`STORE_PROBLEMS`) with its parameters (KeyError for
    another code or a missing parameter)."""
    return _of(STORE_PROBLEMS, code, params)


def file_problem(code: str, **params: object) -> Reason:
    """File problem ``code`` (:data:`FILE_PROBLEMS`) with its parameters (KeyError for
    another code or a missing parameter)."""
    return _of(FILE_PROBLEMS, code, params)


#: Names the app gives campaigns it makes itself (a sheet's campaign is named after the
#: file); ``{name}`` is the earlier campaign's name as stored.
CAMPAIGN_NAMES: dict[str, str] = {
    "quick_send": "quick send to {phone}",
    "test_send": "test send to {phone}",
    "otp_v2": "one-time password (v2) to {phone}",
    "retry": "{name} (retry of {id})",
    "rest": "{name} (rest of {id})",
}


def campaign_name(code: str, **params: object) -> str:
    """The stored name (:meth:`Reason.stored`) of a campaign the app makes: ``code`` of
    :data:`CAMPAIGN_NAMES` with its parameters (KeyError for another code or a missing
    parameter); :func:`reason_words` gives it in English. A sheet's campaign is named
    after its file, kept as it is."""
    return _of(CAMPAIGN_NAMES, code, params).stored()


#: Why a running campaign is idle for now (the engine's ``waiting``).
WAITING: dict[str, str] = {
    "start_time": "waiting for the start time {start}",
    "quiet_hours": "quiet hours until {end} ({zone})",
    "resending": "re-sending {count} messages whose answer was lost, under the same request_id, in {seconds} s",
    "series_balance": "the last balance the service reported ({balance}) would not pay for this run's {count} "
                      "messages; it starts once a balance check shows enough",
    "series_no_key": "campaign {campaign} was made, but there is no API access key for {url}: resume it by hand",
}


#: Why composed content cannot be sent (app.campaign's ContentError), without the field.
CONTENT_PROBLEMS: dict[str, str] = {
    "bad_kind": "must be one of {kinds}",
    "empty_text": "the message text is empty",
    "broken_character": "it holds a character that cannot be sent (a broken paste, or a terminal in another "
                        "encoding): type it again",
    "no_phone": "type the phone number first",
    "no_file": "upload a file first",
    "no_buttons": "add at least one button",
    "too_many_buttons": "a message can have at most {limit} buttons",
    # The service's limits as app.api words them (its sentences are matched here, not imported).
    "text_too_long": "the text is {length} characters long; it can be at most {limit}",
    "caption_too_long": "the caption is {length} characters long; it can be at most {limit}",
    "field_too_long": "the template field's value is {length} characters long; it can be at most {limit}",
    "copy_too_long": "the copy text is {length} characters long; it can be at most {limit}",
    "buttons_over_limit": "{count} buttons; a message can have at most {limit}",
    "no_otp": "name the column with the one-time passwords",
    "no_template": "choose a template",
    "unknown_field": "the template has no field {field}",
    "empty_row": "a row needs at least one button",
    "no_label": "a button needs a label",
    "no_action": "a button needs a url, a web_app url or a copy text",
    "bad_scheme": "a button's address must start with https:// (or http://): {url}",
    "unknown_filter": "{placeholder}: unknown filter; the one there is: |jalali",
    "not_a_date": "{value} is not a date (expected a date cell or YYYY-MM-DD)",
    "otp_digits": "the one-time password must be a number of 3 to 8 digits",
    "unknown_column": "uses {placeholder} but the sheet has no such column; its columns: {columns}",
    "no_sheet_columns": "uses {placeholder}, but there is no sheet to fill it from",
    "field_without_name": "a field needs a name before '='",
    "sms_no_form": "a {kind} message cannot go by SMS: turn the SMS fallback off, or send a text",
    "sms_not_secure": "a secure message cannot go by SMS (an SMS is not secure): turn the SMS fallback off",
}


def content_problem(code: str, **params: object) -> Reason:
    """Content problem ``code`` (:data:`CONTENT_PROBLEMS`) with its parameters (KeyError
    for another code or a missing parameter)."""
    return _of(CONTENT_PROBLEMS, code, params)


@lru_cache(maxsize=1024)
def row_reason(code: str, **params: object) -> str:
    """The stored form (:meth:`Reason.stored`) of why a row is not sent: ``code`` of
    :data:`REASONS` with its parameters (each hashable: a sheet's rows share a few
    reasons, made once). Raises KeyError for another code or a missing parameter."""
    if code not in REASONS:
        raise KeyError(code)
    return Reason.of(code, **params).stored()


@lru_cache(maxsize=4096)
def reason_words(stored: str | None) -> str | None:
    """The English sentence of a row's reason or error as the journal keeps it: a
    :func:`row_reason` in words, the service's (or an older version's) words as they
    are; None for None. Cached: a million rows share a few reasons (bounded: each
    duplicate names its own first row)."""
    reason = Reason.from_stored(stored)
    return None if reason is None else reason.text()


@dataclass(frozen=True)
class Reason:
    """Why: a campaign stopped or waits, a row was not sent, a file, the store or content
    cannot be used. ``code`` of one of the catalogues above with its parameters as text
    (``params``: name → value pairs, in order), or :data:`SAID` with the words of someone
    else (the service, the operating system, a program's last line) in ``words``."""

    code: str
    params: tuple[tuple[str, str], ...] = ()

    @classmethod
    def of(cls, code: str, **params: object) -> Reason:
        """The reason ``code`` with ``params`` (each written as text). Raises KeyError for
        a code that is not in the catalogue, or a parameter its template lacks."""
        template = _CODED[code]
        reason = cls(code, tuple((name, str(value)) for name, value in params.items()))
        template.format(**reason.english())  # a missing parameter fails here, not at an edge
        return reason

    @classmethod
    def said(cls, words: str) -> Reason:
        """Words not of this catalogue, kept as they are."""
        return cls(SAID, (("words", words),))

    def arguments(self) -> dict[str, str]:
        """The parameters by name."""
        return dict(self.params)

    def text(self) -> str:
        """The English sentence (the CLI's, the log's)."""
        if self.code == SAID:
            return self.arguments()["words"]
        return _CODED[self.code].format(**self.english())

    def english(self) -> dict[str, str]:
        """The parameters by name, a ``problem`` code (:data:`CONTENT_PROBLEMS`) and an
        earlier campaign's stored name in English."""
        params = {name: value.replace(LIST_SEPARATOR, ", ") for name, value in self.params}
        if params.get("problem") in CONTENT_PROBLEMS:
            params["problem"] = CONTENT_PROBLEMS[params["problem"]].format(**params)
        if self.code in ("retry", "rest"):  # the earlier campaign's name, as stored
            params["name"] = reason_words(params["name"]) or ""
        return params

    def stored(self) -> str:
        """The form the journal keeps (JSON: the code and the parameters)."""
        return json.dumps({"code": self.code, "params": self.arguments()}, ensure_ascii=False)

    @classmethod
    def from_stored(cls, value: str | None) -> Reason | None:
        """The reason :meth:`stored` made (None for None). Text that is not one (a journal
        written by an older version, a sentence a team store's own function wrote) is
        kept as words said."""
        if value is None:
            return None
        try:
            found = json.loads(value)
        except ValueError:
            return cls.said(value)
        if not isinstance(found, dict) or found.get("code") not in (*_CODED, SAID):
            return cls.said(value)
        params = found.get("params")
        if not isinstance(params, dict):
            return cls.said(value)
        reason = cls(str(found["code"]), tuple((str(k), str(v)) for k, v in params.items()))
        try:
            reason.text()
        except (KeyError, IndexError, ValueError):  # not one this version made: words, as written
            return cls.said(value)
        return reason


#: The code of a :class:`Reason` that carries someone else's words.
SAID = "said"

#: Between the items of a list parameter (a sheet's columns, a workbook's sheets): each
#: edge joins them its own way (English: a comma; the window: its language's comma, each
#: item in its own direction).
LIST_SEPARATOR = "\x1f"


def listed(items: Iterable[str], at_most: int | None = None) -> str:
    """``items`` as one list parameter of a :class:`Reason` (:data:`LIST_SEPARATOR`
    between them); past ``at_most`` items, the rest as one "…"."""
    named = list(items)
    if at_most is not None and len(named) > at_most:
        named = [*named[:at_most], "…"]
    return LIST_SEPARATOR.join(named)


#: Every code a :class:`Reason` may have besides :data:`SAID` (no code is in two catalogues).
_CODED: dict[str, str] = {**PAUSE_REASONS, **WAITING, **REASONS, **CONTENT_PROBLEMS, **FILE_PROBLEMS,
                          **STORE_PROBLEMS, **TEAM_PROBLEMS, **CAMPAIGN_NAMES}


def _of(catalogue: dict[str, str], code: str, params: dict[str, object]) -> Reason:
    if code not in catalogue:
        raise KeyError(code)
    return Reason.of(code, **params)


class ReasonedError(Exception):
    """An error told by a :class:`Reason`: ``str()`` is its English sentence (the CLI's,
    the log's), ``reason`` its code and parameters for the window to word. Text given
    instead of a reason is kept as words said."""

    def __init__(self, reason: Reason | str) -> None:
        self.reason = reason if isinstance(reason, Reason) else Reason.said(reason)
        super().__init__(self.reason.text())


def pause_reason(code: str, **params: object) -> Reason:
    """The :class:`Reason` a campaign pauses or is cancelled with (:data:`PAUSE_REASONS`;
    KeyError for an unknown code)."""
    if code not in PAUSE_REASONS:
        raise KeyError(code)
    return Reason.of(code, **params)


def waiting_reason(code: str, **params: object) -> Reason:
    """The :class:`Reason` a running campaign waits for (:data:`WAITING`; KeyError for an
    unknown code)."""
    if code not in WAITING:
        raise KeyError(code)
    return Reason.of(code, **params)
