"""safir-campaign: message campaigns through Bale's business messaging service (Safir)."""

__version__ = "0.1.0"
APP_NAME = "safir-campaign"
#: Reverse-DNS id: the .desktop file's name, AppStream id, QSettings domain and Windows
#: AppUserModelID all use it.
APP_ID = "ir.safir.campaign"
#: The name people see in menus and title bars.
DISPLAY_NAME = "Safir Campaign"

__all__ = [
    "APP_ID",
    "APP_NAME",
    "DISPLAY_NAME",
    "__version__",
]
