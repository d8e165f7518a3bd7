// A salon's waitlist: `#/waitlist`.
export const routes = {
  waitlist: (retry = "") => import(`./waitlist.js${retry}`),
};
