"""The campaign encoder's former home, kept so that older imports keep working: it lives
in :mod:`highcamp.adapters.encoders.disaster_campaign`."""

from __future__ import annotations

from .encoders import DisasterCampaignEncoder, views

__all__ = ["DisasterCampaignEncoder", "views"]
