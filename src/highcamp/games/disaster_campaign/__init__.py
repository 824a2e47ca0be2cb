"""The Disaster-series campaign [16.0]: the mountains of the series climbed one after the
other by one team (``rules.py``); the campaign chart is a data file (``data/chart.json``).
"""

from .rules import MOUNTAINS, CampaignGame, CampaignState

__all__ = ["MOUNTAINS", "CampaignGame", "CampaignState"]
