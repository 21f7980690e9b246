"""A campaign report as a PDF (fpdf2, with HarfBuzz shaping Persian text and Vazirmatn
embedded), right to left for Persian readers; the text extracts in reading order."""

from __future__ import annotations

import unicodedata
from collections.abc import Callable
from pathlib import Path

from fpdf import FPDF

from app.desktop import paths
from app.report.model import SKIPPED_KINDS, CampaignReport, SummaryReport
from app.report.words import Words

_INK = (33, 33, 33)
_SENT = (27, 94, 32)
_FAILED = (183, 28, 28)
_MUTED = (117, 117, 117)
_BAR = (25, 118, 210)
_HEADING_SIZE = 13.0  # points
_HEADING_SPACE = 3.0  # millimetres above a heading
_ROW = 7.0  # millimetres: a table's row
_BAR_ROW = 6.5  # millimetres: a bar of the funnel
#: The chart of sends is drawn as if it had at least this many bars (each as wide as one of them).
_FEWEST_BARS = 12
_LABELS_WIDTH = 90.0  # millimetres: the first and the last bar's labels side by side
_CHART = 53.0  # millimetres: the chart of sends over time with its labels
_LINE = 6.0  # millimetres: a line of text


class ReportPdf(FPDF):
    """An A4 document in ``words``' language, written line by line."""

    def __init__(self, words: Words) -> None:
        super().__init__(format="A4")
        self.words = words
        self.set_auto_page_break(auto=True, margin=15)
        fonts = paths.resources_dir() / "fonts"
        self.add_font("Vazirmatn", "", str(fonts / "Vazirmatn-Regular.ttf"))
        self.add_font("Vazirmatn", "B", str(fonts / "Vazirmatn-Bold.ttf"))
        self.set_text_shaping(use_shaping_engine=True, direction="rtl" if words.persian else "ltr",
                              script="arab" if words.persian else None, language="fas" if words.persian else "en")
        self.align = "R" if words.persian else "L"
        self.add_page()

    def text_line(self, text: str, *, size: float = 10.5, bold: bool = False, color: tuple[int, int, int] = _INK,
                  gap: float = 0.0) -> None:
        self.set_font("Vazirmatn", "B" if bold else "", size)
        self.set_text_color(*color)
        self.multi_cell(0, size * 0.55, text, align=self.align, new_x="LMARGIN", new_y="NEXT")
        if gap:
            self.ln(gap)

    def heading(self, text: str, keep: float) -> None:
        """A section's heading, on the next page unless ``keep`` millimetres of what
        follows it fit under it too: a heading never stands alone at a page's foot."""
        if self.will_page_break(_HEADING_SPACE + _HEADING_SIZE * 0.55 + 1 + keep):
            self.add_page()
        else:
            self.ln(_HEADING_SPACE)
        self.text_line(text, size=_HEADING_SIZE, bold=True, gap=1)

    def table(self, rows: list[tuple[str, str]], widths: tuple[float, float] = (70, 110)) -> None:
        """Two columns: a label and its figure (each in its own cell, so a figure reads as
        it is written, whatever the direction around it)."""
        self.set_font("Vazirmatn", "", 10)
        self.set_text_color(*_INK)
        label_w, value_w = widths
        for label, value in rows:
            if self.words.persian:  # the label on the right
                self.set_x(self.w - self.r_margin - label_w - value_w)
                self._own_direction(value, lambda text: self.cell(value_w, _ROW, text, border="B", align="R"))
                self.cell(label_w, _ROW, label, border="B", align="R", new_x="LMARGIN", new_y="NEXT")
            else:
                self.cell(label_w, _ROW, label, border="B")
                self._own_direction(value, lambda text: self.cell(value_w, _ROW, text, border="B", new_x="LMARGIN",
                                                                  new_y="NEXT"))

    def _own_direction(self, text: str, write: Callable[[str], object]) -> None:
        """Write ``text`` in the direction of its first strong letter (a Persian message in
        an English report reads right to left, an address in a Persian one left to right)."""
        rtl = next((unicodedata.bidirectional(ch) in ("R", "AL") for ch in text
                    if unicodedata.bidirectional(ch) in ("L", "R", "AL")), self.words.persian)
        if rtl == self.words.persian:
            write(text)
            return
        self.set_text_shaping(use_shaping_engine=True, direction="rtl" if rtl else "ltr",
                              script="arab" if rtl else None, language="fas" if rtl else "en")
        try:
            write(text)
        finally:
            self.set_text_shaping(use_shaping_engine=True, direction="rtl" if self.words.persian else "ltr",
                                  script="arab" if self.words.persian else None,
                                  language="fas" if self.words.persian else "en")

    def bars(self, items: list[tuple[str, int, tuple[int, int, int]]]) -> None:
        """A horizontal bar per item, its length to scale, its figure beside it."""
        largest = max((value for _, value, _ in items), default=0) or 1
        width = self.w - self.l_margin - self.r_margin - 75
        for label, value, color in items:
            y = self.get_y()
            length = width * value / largest
            self.set_fill_color(*color)
            self.set_font("Vazirmatn", "", 9.5)
            self.set_text_color(*_INK)
            if self.words.persian:
                self.set_xy(self.w - self.r_margin - 45, y)
                self.cell(45, 6, label, align="R")
                if length:
                    self.rect(self.w - self.r_margin - 47 - length, y + 1, length, 4, style="F")
                self.set_xy(self.l_margin, y)
                self.cell(25, 6, self.words.number(value), align="L")
            else:
                self.cell(45, 6, label)
                if length:
                    self.rect(self.l_margin + 47, y + 1, length, 4, style="F")
                self.set_xy(self.w - self.r_margin - 25, y)
                self.cell(25, 6, self.words.number(value), align="R")
            self.set_xy(self.l_margin, y + _BAR_ROW)

    def columns(self, items: list[tuple[str, int]], unit: str) -> None:
        """A vertical bar per item (its label as written, a count), the first and last
        labels under them; ``unit``: what one bar is (minute, hour, day)."""
        height, top = 40.0, self.get_y() + 2
        width = self.w - self.l_margin - self.r_margin
        step = width / max(len(items), _FEWEST_BARS)  # a few bars stay bars, not a block across the page
        largest = max((value for _, value in items), default=0) or 1
        self.set_fill_color(*_BAR)
        ordered = list(reversed(items)) if self.words.persian else items  # time runs the reader's way
        start = self.l_margin + (width - step * len(items) if self.words.persian else 0)  # from where reading starts
        for i, (_, value) in enumerate(ordered):
            bar = height * value / largest
            self.rect(start + i * step + step * 0.15, top + height - bar, step * 0.7, bar, style="F")
        self.set_draw_color(*_MUTED)
        self.line(self.l_margin, top + height, self.l_margin + width, top + height)
        self.set_font("Vazirmatn", "", 8.5)
        self.set_text_color(*_MUTED)
        first, last = items[0][0], items[-1][0]
        # The labels under the bars drawn, as wide as two labels at least.
        span = max(step * len(items), _LABELS_WIDTH)
        self.set_xy(self.l_margin + (width - span if self.words.persian else 0), top + height + 1)
        if len(items) == 1:
            self.cell(span, 5, first, align="R" if self.words.persian else "L", new_x="LMARGIN", new_y="NEXT")
        else:
            self.cell(span / 2, 5, last if self.words.persian else first, align="L")
            self.cell(span / 2, 5, first if self.words.persian else last, align="R", new_x="LMARGIN", new_y="NEXT")
        self.set_text_color(*_INK)
        self.text_line(self.words.tr("Messages") + ": " + self.words.number(max(v for _, v in items)) + " / "
                       + unit, size=8.5, color=_MUTED)


def _funnel(report: CampaignReport, tr: Callable[[str], str]) -> list[tuple[str, int, tuple[int, int, int]]]:
    """The delivery funnel's bars: label, count, colour (RGB)."""
    funnel: list[tuple[str, int, tuple[int, int, int]]] = [
        (tr("Imported rows"), report.imported, _MUTED), (tr("With a message"), report.valid, _BAR),
        (tr("Sent"), report.sent, _SENT), (tr("Failed"), report.failed, _FAILED)]
    if report.unknown:
        funnel.append((tr("Unknown (answer lost)"), report.unknown, _FAILED))
    if report.not_sent:
        funnel.append((tr(report.not_sent_label), report.not_sent, _MUTED))
    for kind in (*SKIPPED_KINDS, *sorted(set(report.skipped) - set(SKIPPED_KINDS))):
        if report.skipped.get(kind):
            funnel.append((tr("Skipped: {0}").format(tr(kind)), report.skipped[kind], _MUTED))
    return funnel


def campaign_pdf(report: CampaignReport, words: Words) -> ReportPdf:
    """The PDF of one campaign's report."""
    tr, n = words.tr, words.number
    c = report.campaign
    pdf = ReportPdf(words)
    pdf.text_line(tr("Campaign report"), size=18, bold=True, gap=1)
    pdf.text_line(tr("Campaign {0}: {1}").format(words.digits(c.id), words.name(c.name)), size=13, bold=True, gap=1)
    if report.so_far:
        pdf.text_line(tr("So far: the campaign is still being sent (figures of {0}).").format(
            words.moment(report.made_at)), color=_FAILED, gap=1)
    rows = [(tr("Status"), tr(c.status)), (tr("Kind"), tr(c.kind)), (tr("Bot"), words.digits(c.bot_id)),
            (tr("Message"), report.message[:90]), (tr("Created"), words.moment(c.created_at)),
            (tr("Report made"), words.moment(report.made_at))]
    if c.created_by:
        rows.insert(4, (tr("Made by"), f"{c.created_by}@{c.created_on}"))
    if report.started_by:
        rows.insert(5, (tr("Started by"), report.started_by))
    pdf.table(rows)

    funnel = _funnel(report, tr)
    pdf.heading(tr("Delivery funnel"), keep=_BAR_ROW * len(funnel))  # the funnel is read whole
    pdf.bars(funnel)

    heading, unit = words.over_time(report.bucket)
    pdf.heading(heading, keep=_CHART if report.over_time else _LINE)
    if report.over_time:
        pdf.columns([(words.bar(label, report.bucket), count) for label, count in report.over_time], unit)
    else:
        pdf.text_line(tr("No message was sent yet."), color=_MUTED)

    pdf.heading(tr("Errors by code"), keep=_ROW * min(3, len(report.errors)) or _LINE)
    if report.errors:
        pdf.table([(words.error(code), n(count)) for code, count in report.errors.items()], widths=(130, 50))
    else:
        pdf.text_line(tr("No errors."), color=_MUTED)

    if report.by_channel:
        pdf.heading(tr("By channel"), keep=_ROW * len(report.by_channel))
        pdf.table([(tr(label), n(count)) for label, count in report.by_channel], widths=(130, 50))
    pdf.heading(tr("Cost and balance"), keep=_ROW * 6)
    cost = report.cost
    pdf.table([
        (tr("Estimated cost"), n(cost, 2) if cost is not None else tr("No prices are set.")),
        (tr("Balance before"), n(report.balance_before) if report.balance_before is not None else tr("not reported")),
        (tr("Balance after"), n(report.balance_after) if report.balance_after is not None else tr("not reported")),
        (tr("Duration"), words.duration(report.duration_seconds)),
        (tr("Average rate"), words.rate(report.rate_per_minute, report.duration_seconds)),
        *([] if report.pauses else [(tr("Pauses"), tr("No pauses."))]),  # no section (and page) of its own
    ])
    if report.pauses:
        pdf.heading(tr("Pauses"), keep=_LINE * min(3, len(report.pauses)))
        for pause in report.pauses:
            line = f"{words.moment(pause.at)} — " + tr("{0} by {1}").format(tr(pause.action), pause.by)
            pdf.text_line(line + (f": {words.reason(pause.reason)}" if pause.reason else ""), size=9.5)
    return pdf


def summary_pdf(summary: SummaryReport, words: Words) -> ReportPdf:
    """The PDF of several campaigns: a row of figures each, and the totals."""
    tr, n = words.tr, words.number
    pdf = ReportPdf(words)
    pdf.text_line(tr("Campaign report"), size=18, bold=True, gap=1)
    pdf.text_line(tr("Campaigns from {0} to {1}").format(words.day(summary.since), words.day(summary.until)),
                  size=12, gap=2)
    headers = [tr("Campaign"), tr("Name"), tr("Sent"), tr("Failed"), tr("Not sent yet"), tr("Status")]
    widths = [20.0, 70.0, 22.0, 22.0, 22.0, 24.0]
    if words.persian:
        headers, widths = headers[::-1], widths[::-1]

    def header_row() -> None:
        pdf.set_font("Vazirmatn", "B", 9.5)
        for header, width in zip(headers, widths):
            pdf.cell(width, _ROW, header, border="B", align="C")
        pdf.ln(_ROW)
        pdf.set_font("Vazirmatn", "", 9.5)

    header_row()
    totals = [0, 0, 0]
    for report in summary.reports:
        c = report.campaign
        cells = [words.digits(c.id), words.name(c.name)[:38], n(report.sent), n(report.failed), n(report.not_sent),
                 tr(c.status)]
        totals = [totals[0] + report.sent, totals[1] + report.failed, totals[2] + report.not_sent]
        if pdf.will_page_break(_ROW):  # a page of figures is read with its column names above it
            pdf.add_page()
            header_row()
        for text, width in zip(cells[::-1] if words.persian else cells, widths):
            pdf.cell(width, _ROW, text, border="B", align="C")
        pdf.ln(_ROW)
    total = ["", tr("Total"), n(totals[0]), n(totals[1]), n(totals[2]), ""]
    pdf.set_font("Vazirmatn", "B", 9.5)
    for text, width in zip(total[::-1] if words.persian else total, widths):
        pdf.cell(width, 7, text, align="C")
    pdf.ln(9)
    return pdf


def write_pdf(report: CampaignReport | SummaryReport, path: Path, words: Words) -> None:
    """Write ``report`` to ``path`` (the caller makes it atomic: app.report.save)."""
    pdf = campaign_pdf(report, words) if isinstance(report, CampaignReport) else summary_pdf(report, words)
    pdf.output(str(path))
