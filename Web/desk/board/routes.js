// The board: `#/board`, a hotel's rooms or a salon's staff by day.
export const routes = {
  board: import.meta.resolve("./board-screen.js"),
};
