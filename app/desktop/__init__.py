"""The operating system, for the layers above app/api: where state lives (paths), profiles
and their secrets in the OS keyring, the login entry (autostart), the display check
(docs/architecture.md, "Layers")."""
