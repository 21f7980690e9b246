"""A campaign report as an XLSX workbook with native charts (openpyxl): the figures as
cells a manager can reuse, a bar chart of the delivery funnel and one of the sends per
hour; the sheet reads right to left for Persian readers."""

from __future__ import annotations

from pathlib import Path

from openpyxl import Workbook
from openpyxl.chart import BarChart, Reference
from openpyxl.styles import Font
from openpyxl.worksheet.worksheet import Worksheet

from app.report.model import SKIPPED_KINDS, CampaignReport, SummaryReport
from app.report.words import Words

_BOLD = Font(bold=True)


def _sheet(workbook: Workbook, title: str, words: Words) -> Worksheet:
    sheet = workbook.active
    assert isinstance(sheet, Worksheet)
    sheet.title = title[:31]
    sheet.sheet_view.rightToLeft = words.persian
    sheet.column_dimensions["A"].width = 34
    sheet.column_dimensions["B"].width = 28
    return sheet


#: What a report's cell holds.
Value = str | int | float


def _block(sheet: Worksheet, row: int, title: str, rows: list[tuple[str, Value]]) -> int:
    """A titled block of label/figure rows from ``row``; the row after it."""
    sheet.cell(row, 1, title).font = _BOLD
    for i, (label, value) in enumerate(rows, start=1):
        sheet.cell(row + i, 1, label)
        sheet.cell(row + i, 2, value)
    return row + len(rows) + 2


def campaign_workbook(report: CampaignReport, words: Words) -> Workbook:
    """The workbook of one campaign's report (numbers as numbers, not text)."""
    tr = words.tr
    c = report.campaign
    workbook = Workbook()
    sheet = _sheet(workbook, tr("Campaign report"), words)
    title = tr("Campaign {0}: {1}").format(words.digits(c.id), words.name(c.name))
    sheet.cell(1, 1, title).font = Font(bold=True, size=14)
    row = 2
    if report.so_far:
        sheet.cell(2, 1, tr("So far: the campaign is still being sent (figures of {0}).").format(
            words.moment(report.made_at)))
        row = 3
    row = _block(sheet, row + 1, tr("Figures"), [
        (tr("Status"), tr(c.status)), (tr("Kind"), tr(c.kind)), (tr("Bot"), c.bot_id), (tr("Message"), report.message),
        (tr("Made by"), f"{c.created_by}@{c.created_on}" if c.created_by else ""),
        (tr("Started by"), report.started_by or ""), (tr("Created"), words.moment(c.created_at)),
        (tr("Report made"), words.moment(report.made_at)), (tr("Duration"), words.duration(report.duration_seconds)),
        (tr("Average rate"), round(report.rate_per_minute, 1) if report.duration_seconds >= 60 else "—"),
        (tr("Estimated cost"), report.cost if report.cost is not None else tr("No prices are set.")),
        (tr("Balance before"), report.balance_before if report.balance_before is not None else tr("not reported")),
        (tr("Balance after"), report.balance_after if report.balance_after is not None else tr("not reported")),
    ])
    funnel: list[tuple[str, Value]] = [(tr("Imported rows"), report.imported), (tr("With a message"), report.valid),
                                        (tr("Sent"), report.sent), (tr("Failed"), report.failed),
                                        (tr("Unknown (answer lost)"), report.unknown),
                                        (tr(report.not_sent_label), report.not_sent)]
    funnel += [(tr("Skipped: {0}").format(tr(kind)), report.skipped[kind])
               for kind in (*SKIPPED_KINDS, *sorted(set(report.skipped) - set(SKIPPED_KINDS)))
               if report.skipped.get(kind)]
    funnel_at = row
    row = _block(sheet, row, tr("Delivery funnel"), funnel)
    _bar_chart(sheet, tr("Delivery funnel"), funnel_at, len(funnel), "D", funnel_at, horizontal=True)
    bars_at = row
    heading, _unit = words.over_time(report.bucket)
    bars: list[tuple[str, Value]] = [(words.bar(label, report.bucket), count) for label, count in report.over_time]
    row = _block(sheet, row, heading, bars or [(tr("No message was sent yet."), 0)])
    if bars:
        _bar_chart(sheet, heading, bars_at, len(bars), "D", bars_at + 16)
    if report.by_channel:
        row = _block(sheet, row, tr("By channel"), [(tr(label), count) for label, count in report.by_channel])
    errors: list[tuple[str, Value]] = [(words.error(code), count) for code, count in report.errors.items()]
    row = _block(sheet, row, tr("Errors by code"), errors or [(tr("No errors."), 0)])
    pauses: list[tuple[str, Value]] = [
        (words.moment(p.at),
         tr("{0} by {1}").format(tr(p.action), p.by) + (f": {words.reason(p.reason)}" if p.reason else ""))
        for p in report.pauses]
    _block(sheet, row, tr("Pauses"), pauses or [(tr("No pauses."), "")])
    return workbook


def _bar_chart(sheet: Worksheet, title: str, first_row: int, count: int, column: str, anchor_row: int,
               horizontal: bool = False) -> None:
    """A native bar chart of the block at ``first_row`` (labels in A, figures in B)."""
    chart = BarChart()
    chart.type = "bar" if horizontal else "col"
    chart.title = title
    chart.legend = None
    chart.add_data(Reference(sheet, min_col=2, min_row=first_row + 1, max_row=first_row + count),
                   titles_from_data=False)
    chart.set_categories(Reference(sheet, min_col=1, min_row=first_row + 1, max_row=first_row + count))
    chart.height, chart.width = 7.5, 16
    sheet.add_chart(chart, f"{column}{anchor_row}")


def summary_workbook(summary: SummaryReport, words: Words) -> Workbook:
    """Several campaigns: a row of figures each, a chart of sent and failed per campaign."""
    tr = words.tr
    workbook = Workbook()
    sheet = _sheet(workbook, tr("Campaign report"), words)
    period = tr("Campaigns from {0} to {1}").format(words.day(summary.since), words.day(summary.until))
    sheet.cell(1, 1, period).font = _BOLD
    headers = [tr("Campaign"), tr("Name"), tr("Sent"), tr("Failed"), tr("Not sent yet"), tr("Status"), tr("Created")]
    for column, header in enumerate(headers, start=1):
        sheet.cell(3, column, header).font = _BOLD
    for i, report in enumerate(summary.reports, start=4):
        c = report.campaign
        for column, value in enumerate([c.id, words.name(c.name), report.sent, report.failed, report.not_sent,
                                        tr(c.status), words.moment(c.created_at)], start=1):
            sheet.cell(i, column, value)
    if summary.reports:
        chart = BarChart()
        chart.title = tr("Sent") + " / " + tr("Failed")
        last = 3 + len(summary.reports)
        chart.add_data(Reference(sheet, min_col=3, max_col=4, min_row=3, max_row=last), titles_from_data=True)
        chart.set_categories(Reference(sheet, min_col=1, min_row=4, max_row=last))
        sheet.add_chart(chart, "I3")
    return workbook


def write_xlsx(report: CampaignReport | SummaryReport, path: Path, words: Words) -> None:
    """Write ``report`` to ``path`` (the caller makes it atomic: app.report.save)."""
    workbook = (campaign_workbook(report, words) if isinstance(report, CampaignReport)
                else summary_workbook(report, words))
    workbook.save(path)
