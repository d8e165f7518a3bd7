// A hotel's day: `#/today`.
export const routes = {
  today: (retry = "") => import(`./today.js${retry}`),
};
