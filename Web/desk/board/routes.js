// The board: `#/board`, a hotel's rooms or a salon's staff by day.
export const routes = {
  board: (retry = "") => import(`./board-screen.js${retry}`),
};
