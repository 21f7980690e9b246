"""A new campaign's defaults, apart from everything that uses them (the command line's
help names them without importing the engine)."""

#: Messages per minute when none is given.
DEFAULT_RATE_PER_MINUTE = 120.0
#: Requests in flight at most when none is given.
DEFAULT_IN_FLIGHT = 8
#: A campaign with the same recipients and messages from the same bot within this many
#: days is taken for a mistake unless the user says otherwise.
REPEAT_WINDOW_DAYS = 30
#: Spec 8: one-time passwords, at most 300 requests a minute per organization member (a
#: set rate above it only meets rate-limit answers; an OTP campaign's pace starts from it).
OTP_PER_MINUTE = 300.0

#: The opt-out line Iranian rules ask of advertising SMS («لغو ۱۱»: reply 11 to stop), the
#: last line of an SMS fallback's message unless the team sets its own (docs/sms.md).
DEFAULT_OPT_OUT = "لغو ۱۱"
