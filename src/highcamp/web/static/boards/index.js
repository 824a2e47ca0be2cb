// Board modules by game id. A game without one is drawn by the generic board, so a newly
// registered game is playable at once. A board module exports render(element, ctx), where
// ctx = {view, static, legal, act(id), byText(text), selected, rerender()}.
import * as generic from "./generic.js";
import * as everest1924 from "./everest-1924.js";
import * as disasterOnEverest from "./disaster-on-everest.js";
import * as disasterOnK2 from "./disaster-on-k2.js";
import * as disasterCampaign from "./disaster-campaign.js";
import * as everestGo from "./everest-go.js";
import * as disaster from "./disaster.js";

const BOARDS = {
  "everest-1924": everest1924,
  "disaster-on-everest": disasterOnEverest,
  "disaster-on-k2": disasterOnK2,
  "disaster-campaign": disasterCampaign,
  "everest-go": everestGo,
  disaster,
};

/** The board module of a game (the generic board when it has none). */
export function boardFor(gameId) {
  return BOARDS[gameId] || generic;
}
