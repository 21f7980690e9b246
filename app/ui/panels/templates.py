"""The local template library and message prices."""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDoubleSpinBox,
    QFormLayout,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableWidget,
    QTableWidgetItem,
    QVBoxLayout,
    QWidget,
)

from app.campaign.journal import TeamRole
from app.ui.bidi import figures_at_the_start
from app.ui.context import AppContext
from app.ui.panels.rules import RulesBox
from app.ui.widgets import title


class TemplatesPanel(QWidget):
    """The local template library (the service cannot list templates): id, body with
    ``{{fields}}`` and category, plus the price per category."""

    changed = Signal()

    def __init__(self, context: AppContext, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.context = context
        self.table = QTableWidget(0, 3)
        self.table.setHorizontalHeaderLabels([self.tr("Template id"), self.tr("Body with {{fields}}"),
                                              self.tr("Category")])
        self.table.horizontalHeader().setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        self.table.verticalHeader().setVisible(False)  # its numbers would be Latin in Persian
        self.table.setAccessibleName(self.tr("Template library"))
        self.table.itemChanged.connect(lambda _item: self.save())
        add = QPushButton(self.tr("Add template"))
        remove = QPushButton(self.tr("Remove"))
        add.clicked.connect(lambda: self.add_template("", "", "service"))
        remove.clicked.connect(self._remove)
        prices = QFormLayout()
        self.price_spins: dict[str, QDoubleSpinBox] = {}
        for category, label in (("service", self.tr("Service template")),
                                ("promotional", self.tr("Promotional template")),
                                ("message", self.tr("Other message")),
                                ("sms_part", self.tr("SMS part (fallback)"))):
            spin = QDoubleSpinBox()
            spin.setRange(0, 1e9)
            spin.setDecimals(0)
            spin.setValue(context.prices().get(category, 0.0))
            spin.setAccessibleName(self.tr("Price of a {0}").format(label))
            spin.valueChanged.connect(lambda _v: self.save())
            figures_at_the_start(spin)
            self.price_spins[category] = spin
            prices.addRow(label + ":", spin)
        bar = QHBoxLayout()
        bar.addWidget(add)
        bar.addWidget(remove)
        bar.addStretch(1)
        layout = QVBoxLayout(self)
        layout.addWidget(title(self.tr("Templates")))
        layout.addWidget(QLabel(self.tr("Templates are made and approved in the business panel; list them here "
                                        "so fields are checked before sending and costs can be estimated.")))
        layout.addLayout(bar)
        layout.addWidget(self.table, 1)
        layout.addWidget(QLabel(self.tr("Price per message:")))
        layout.addLayout(prices)
        self.rules = RulesBox(context)
        layout.addWidget(self.rules)
        self._loading = True
        for t in context.templates():
            self.add_template(t["template_id"], t["body"], t.get("category", "service"))
        self._loading = False
        if not context.may(TeamRole.ADMIN):  # a team's library and prices are its admins' (the store refuses others)
            self.table.setEditTriggers(QTableWidget.EditTrigger.NoEditTriggers)
            for field in (add, remove, *self.price_spins.values()):
                field.setEnabled(False)
            for row in range(self.table.rowCount()):
                combo = self.table.cellWidget(row, 2)
                if combo is not None:
                    combo.setEnabled(False)

    def add_template(self, template_id: str, body: str, category: str) -> None:
        self._loading, was = True, self._loading
        row = self.table.rowCount()
        self.table.insertRow(row)
        self.table.setItem(row, 0, QTableWidgetItem(template_id))
        self.table.setItem(row, 1, QTableWidgetItem(body))
        combo = QComboBox()
        combo.addItem(self.tr("service"), "service")
        combo.addItem(self.tr("promotional"), "promotional")
        combo.setCurrentIndex(max(0, combo.findData(category)))
        combo.currentIndexChanged.connect(lambda _i: self.save())
        self.table.setCellWidget(row, 2, combo)
        self._loading = was
        self.save()

    def _remove(self) -> None:
        row = self.table.currentRow()
        if row >= 0:
            self.table.removeRow(row)
            self.save()

    def templates(self) -> list[dict[str, str]]:
        out = []
        for row in range(self.table.rowCount()):
            id_item, body_item = self.table.item(row, 0), self.table.item(row, 1)
            template_id = (id_item.text() if id_item is not None else "").strip()
            body = body_item.text() if body_item is not None else ""
            combo = self.table.cellWidget(row, 2)
            if template_id:
                out.append({"template_id": template_id, "body": body,
                            "category": combo.currentData() if isinstance(combo, QComboBox) else "service"})
        return out

    def save(self) -> None:
        if getattr(self, "_loading", False):
            return
        self.context.save_templates(self.templates())
        self.context.save_prices({k: spin.value() for k, spin in self.price_spins.items()})
        self.changed.emit()
