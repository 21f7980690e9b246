"""The suppression list as a sender looks at it (app/campaign/suppression.py): no file is
no list, a file is read when it changes, and a list that cannot be looked at raises."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from app.campaign.suppression import SuppressionWatch


def test_no_file_is_an_empty_list_and_a_file_saved_later_is_read(tmp_path: Path) -> None:
    path = tmp_path / "suppression.csv"
    watch = SuppressionWatch(path)
    assert "989124000001" not in watch and watch.phones() == frozenset()
    saved = tmp_path / "saving.csv"
    saved.write_text("\ufeffphone\n989124000001\n", encoding="utf-8")
    os.replace(saved, path)  # as the app saves it
    assert "989124000001" in watch
    path.unlink()
    assert "989124000001" not in watch


def test_a_list_behind_a_path_that_is_no_folder_raises_rather_than_reading_as_empty(tmp_path: Path) -> None:
    not_a_folder = tmp_path / "state"
    not_a_folder.write_text("", encoding="utf-8")
    with pytest.raises(NotADirectoryError):
        _ = "989124000001" in SuppressionWatch(not_a_folder / "suppression.csv")


@pytest.mark.skipif(os.name != "posix" or os.geteuid() == 0, reason="needs a folder this user cannot search")
def test_a_list_in_a_folder_that_cannot_be_searched_raises(tmp_path: Path) -> None:
    folder = tmp_path / "state"
    folder.mkdir()
    folder.chmod(0o600)
    try:
        with pytest.raises(PermissionError):
            _ = "989124000001" in SuppressionWatch(folder / "suppression.csv")
    finally:
        folder.chmod(0o700)


@pytest.mark.skipif(os.name != "posix", reason="symbolic links and modes as POSIX has them")
def test_a_list_that_appears_unreadable_after_no_list_raises_rather_than_reading_as_empty(tmp_path: Path) -> None:
    """After a look that found no list: a loop of links where the list should be, or its
    folder turned into a (runnable) file, raises as at the first look."""
    folder = tmp_path / "state"
    folder.mkdir()
    path = folder / "suppression.csv"
    watch = SuppressionWatch(path)
    assert "989124000001" not in watch  # no list yet
    path.symlink_to(path)  # a loop of links
    with pytest.raises(OSError):
        _ = "989124000001" in watch
    path.unlink()
    assert "989124000001" not in watch
    folder.rmdir()
    folder.write_text("#!/bin/sh\n", encoding="utf-8")
    folder.chmod(0o755)
    with pytest.raises(NotADirectoryError):
        _ = "989124000001" in watch
