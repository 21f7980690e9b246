"""The media message's file: chosen, uploaded once with progress, its file_id kept in the
draft for every recipient (spec 5)."""

from __future__ import annotations

from pathlib import Path

import qasync
from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QPixmap
from PySide6.QtWidgets import QGroupBox, QHBoxLayout, QLabel, QPushButton, QWidget

from app.api import SafirError, UploadResult
from app.ui.bidi import ltr
from app.ui.campaign.draft import CampaignDraft
from app.ui.campaign.stoppable import Stoppable
from app.ui.context import AppContext
from app.ui.dialogs import open_file
from app.ui.texts import describe_failure
from app.ui.widgets import FlatProgressBar, WorkStopped


class MediaPicker(QGroupBox):
    """A button that chooses and uploads a file, its progress in bytes, a thumbnail of
    images and a sentence of what happened. Emits ``uploaded`` when ``draft.file_id``
    changed."""

    uploaded = Signal()

    def __init__(self, context: AppContext, draft: CampaignDraft, stoppable: Stoppable,
                 parent: QWidget | None = None) -> None:
        super().__init__(self.tr("File"), parent)
        self.context = context
        self.draft = draft
        self.stoppable = stoppable
        media = QHBoxLayout(self)
        self.choose_file_button = QPushButton(self.tr("Choose and upload a file…"))
        self.choose_file_button.clicked.connect(self._on_choose_file)
        self.upload_progress = FlatProgressBar()
        self.upload_progress.setAccessibleName(self.tr("Upload progress"))
        self.thumbnail = QLabel()
        self.thumbnail.setFixedSize(96, 96)
        self.thumbnail.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.file_label = QLabel(self.tr("No file yet."))
        media.addWidget(self.choose_file_button)
        media.addWidget(self.upload_progress, 1)
        media.addWidget(self.thumbnail)
        media.addWidget(self.file_label, 1)

    def show_draft(self) -> None:
        """Say which file the draft sends, if it has one already."""
        if self.draft.file_id:
            self.file_label.setText(self.tr("{0} uploaded; it is sent to every recipient.").format(
                ltr(self.draft.file_name or self.draft.file_id)))

    def reset(self) -> None:
        """No file yet."""
        self.file_label.setText(self.tr("No file yet."))
        self.upload_progress.reset()
        self.thumbnail.clear()

    @qasync.asyncSlot()
    async def _on_choose_file(self) -> None:
        folder = self.context.settings.get("last_folder") or str(Path.home())
        path = await open_file(self, self.tr("Choose a file to send"), folder)
        if path:
            await self.upload(Path(path))

    async def upload(self, path: Path) -> bool:
        """Upload ``path`` once; its file_id goes to every recipient. False (with the
        sentence shown) when the upload failed or was stopped."""
        size = path.stat().st_size if path.exists() else 0
        self.upload_progress.setRange(0, max(1, size))
        self.upload_progress.setValue(0)
        self.choose_file_button.setEnabled(False)
        self.file_label.setText(self.tr("Uploading {0}…").format(ltr(path.name)))

        async def upload() -> UploadResult:
            async with self.context.client() as client:
                return await client.upload_file(path, on_progress=self.upload_progress.show_value)

        try:
            result: UploadResult = await self.stoppable(upload())
        except SafirError as exc:
            self.file_label.setText(self.tr("Upload failed: {0}").format(describe_failure(exc)))
            return False
        except WorkStopped:
            self.file_label.setText(self.tr("The upload was stopped."))
            return False
        finally:
            self.choose_file_button.setEnabled(True)
        self.draft.file_name, self.draft.file_id = path.name, result.file_id
        self.upload_progress.setValue(max(1, size))
        pixmap = QPixmap(str(path))
        self.thumbnail.setPixmap(pixmap.scaled(96, 96, Qt.AspectRatioMode.KeepAspectRatio,
                                               Qt.TransformationMode.SmoothTransformation)
                                 if not pixmap.isNull() else QPixmap())
        self.file_label.setText(self.tr("{0} uploaded; it is sent to every recipient.").format(ltr(path.name)))
        self.uploaded.emit()
        return True
