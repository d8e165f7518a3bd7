// A stay's page: `#/stays/{id}`; a booking of several rooms: `#/groups/{id}`.
export const routes = {
  stays: import.meta.resolve("./stay.js"),
  groups: import.meta.resolve("./group.js"),
};
