"""The Review step's sentences: who gets the message (the frequency cap's skips taken
off), the rows skipped, the estimated cost and time, and what to look at before Start."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from PySide6.QtCore import QObject

from app.ui.formatting import duration_text, figure
from app.ui.texts import message_problem_words
from app.jobs.creating import CappedCount, InvalidMessages, RepeatedCampaign
from app.jobs.estimate import SERVICE_RATE_LIMIT, Estimate
from app.campaign.defaults import REPEAT_WINDOW_DAYS


@dataclass(frozen=True)
class SmsFacts:
    """The SMS fallback's part of the review: the recipients ``known`` to have no Bale
    account (None before the look ends), the ``parts`` of the preview row's SMS, and the
    ``part_price`` (0: not set)."""

    known: int | None
    parts: int
    part_price: float


@dataclass(frozen=True)
class ReviewFacts:
    """What the review tells of: ``figures`` (app.jobs.estimate.estimate), the sheet's verdict
    ``counts``, the template ``category`` priced, ``quiet`` hours as shown ("22:00",
    "08:00") or None, whether the profile has an API access key, what the looks for
    capped and repeated recipients and for rows that make an invalid message found (None
    before they end, or when there are none), and the SMS fallback's."""

    figures: Estimate
    counts: Mapping[str, int]
    category: str
    quiet: tuple[str, str] | None
    has_key: bool
    capped: CappedCount | None
    repeats: RepeatedCampaign | None
    invalid: InvalidMessages | None = None
    sms: SmsFacts | None = None  # None without the SMS fallback


class ReviewText(QObject):
    """Makes the review's lines (rich text) from :class:`ReviewFacts`."""

    def lines(self, facts: ReviewFacts) -> list[str]:
        """The review's lines, its warnings last (in red)."""
        figures, counts = facts.figures, facts.counts
        names = {"service": self.tr("service template"), "promotional": self.tr("promotional template"),
                 "message": self.tr("message")}
        lines = [
            self._reach(figures.recipients, facts.capped),  # the rows whose message is refused already out
            self.tr("Rows skipped: duplicate {0}, suppressed {1}, unusable {2}.").format(
                figure(counts["duplicate"]), figure(counts["suppressed"]), figure(figures.unusable)),
            self._cost(figures, names.get(facts.category, facts.category)),
            self.tr("Time at {0} messages a minute: {1}.").format(figure(figures.rate_per_minute),
                                                                  self._duration(figures.minutes, facts.quiet)),
        ]
        if facts.sms is not None:
            lines.append(self._sms(facts.sms))
        return lines + [f"<span style='color:#b71c1c'>⚠ {w}</span>" for w in self._warnings(facts)]

    def _cost(self, figures: Estimate, name: str) -> str:
        if figures.unit_price <= 0:  # no price set: 0 would read as free
            return self.tr("Estimated cost: not known: set the price of one {0} in Templates.").format(name)
        return self.tr("Estimated cost: <b>{0}</b> ({1} × {2}, the price of one {3}; set prices in Templates).").format(
            figure(figures.cost), figure(figures.recipients), figure(figures.unit_price, 2), name)

    def _sms(self, sms: SmsFacts) -> str:
        each = self.tr("Parts of each SMS: {0} (70 Persian or 160 Latin characters a part).").format(figure(sms.parts))
        if sms.part_price:
            each += " " + self.tr("At {0} a part (Templates): about {1} for each SMS.").format(
                figure(sms.part_price), figure(sms.part_price * sms.parts))
        if sms.known is None:
            return each
        return self.tr("By SMS: <b>{0}</b> known to have no Bale account (found in the last {1} days) at once, and "
                       "any other the service says has none. ").format(figure(sms.known), figure(30)) + each

    def _reach(self, recipients: int, capped: CappedCount | None) -> str:
        if capped is not None:  # the look says None when nobody is capped
            return self.tr("<b>{0}</b> of {1} recipients will get the message; the frequency cap skips the other "
                           "{2}.").format(figure(recipients - capped.count), figure(recipients), figure(capped.count))
        return self.tr("Recipients who will get the message: <b>{0}</b>.").format(figure(recipients))

    def _duration(self, minutes: float, quiet: tuple[str, str] | None) -> str:
        duration = (self.tr("about {0}").format(duration_text(minutes * 60)) if minutes >= 1.5 else
                    self.tr("about a minute") if minutes >= 0.5 else self.tr("under a minute"))
        if quiet:
            duration += self.tr(", plus waits during quiet hours {0} to {1}").format(*quiet)
        return duration

    def _warnings(self, facts: ReviewFacts) -> list[str]:
        figures, capped, repeats = facts.figures, facts.capped, facts.repeats
        warnings = []
        if figures.above_limit:
            warnings.append(self.tr("The service accepts at most {0} messages a minute per account; the campaign "
                                    "will go at that pace.").format(figure(SERVICE_RATE_LIMIT)))
        if figures.unusable:
            warnings.append(self.tr("{0} rows have no usable number and will be skipped.").format(
                figure(figures.unusable)))
        if facts.invalid is not None:
            warnings.append(self.tr("{0} rows make a message the service would refuse, and will be skipped; the first, "
                                    "row {1}: {2}.").format(figure(facts.invalid.count),
                                                           figure(facts.invalid.row, grouped=False),
                                                           message_problem_words(facts.invalid.reason)))
        if not facts.has_key:
            warnings.append(self.tr("This profile has no API access key: add one in Profiles."))
        if capped is not None:
            warnings.append(self.tr("{0} of these {1} recipients already got as many messages as the frequency cap "
                                    "allows ({2} in {3} days): they will be skipped.").format(
                figure(capped.count), figure(capped.total), figure(capped.cap.max_messages), figure(capped.cap.days)))
        if repeats is not None and repeats.waiting:
            warnings.append(self.tr("{0} of these {1} recipients got this message from this bot in the last {2} days "
                                    "or are still to get it ({3} still to send in a campaign not cancelled; latest: "
                                    "campaign {4}); at Start you can send only to the others.")
                            .format(figure(repeats.count), figure(repeats.total), figure(REPEAT_WINDOW_DAYS),
                                    figure(repeats.waiting), figure(repeats.earlier.id, grouped=False)))
        elif repeats is not None:
            warnings.append(self.tr("{0} of these {1} recipients already got this message from this bot in the last "
                                    "{2} days (latest: campaign {3}); at Start you can send only to the others.")
                            .format(figure(repeats.count), figure(repeats.total), figure(REPEAT_WINDOW_DAYS),
                                    figure(repeats.earlier.id, grouped=False)))
        return warnings
