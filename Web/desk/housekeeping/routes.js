// Rooms' states: `#/housekeeping`.
export const routes = {
  housekeeping: import.meta.resolve("./housekeeping.js"),
};
