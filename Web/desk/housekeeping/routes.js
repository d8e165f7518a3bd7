// Rooms' states: `#/housekeeping`.
export const routes = {
  housekeeping: (retry = "") => import(`./housekeeping.js${retry}`),
};
