// A salon's waitlist: `#/waitlist`.
export const routes = {
  waitlist: import.meta.resolve("./waitlist.js"),
};
