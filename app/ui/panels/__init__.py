"""The panels beside the campaign wizard, one file each: quick send, balance, history,
repeating campaigns, the suppression list, the SMS line's replies, template library,
profiles and bots, the team's members, and the sandbox inbox."""

from app.ui.panels.balance import BalancePanel
from app.ui.panels.history import HistoryPanel
from app.ui.panels.inbox import InboxDock
from app.ui.panels.profiles import ProfilesPanel
from app.ui.panels.quick_send import QuickSendPanel
from app.ui.panels.series import SeriesPanel
from app.ui.panels.sms_replies import SmsRepliesPanel
from app.ui.panels.suppression import SuppressionPanel
from app.ui.panels.team import TeamPanel
from app.ui.panels.templates import TemplatesPanel

__all__ = ["BalancePanel", "HistoryPanel", "InboxDock", "ProfilesPanel", "QuickSendPanel", "SeriesPanel",
           "SmsRepliesPanel", "SuppressionPanel", "TeamPanel", "TemplatesPanel"]
