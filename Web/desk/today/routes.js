// A hotel's day: `#/today`.
export const routes = {
  today: import.meta.resolve("./today.js"),
};
