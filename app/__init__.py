"""safir-campaign: message campaigns through Bale's business messaging service (Safir)."""

__version__ = "0.1.0"
APP_NAME = "safir-campaign"
