"""The Qt window: the only layer that imports Qt. Start it with
:func:`app.ui.application.run_window`; nothing is re-exported here (importing Qt is costly)."""

__all__: list[str] = []
