"""The Qt window: the only layer that imports Qt."""
