// What the desk offers to do to an appointment: the server's `actions` for it, as the states they move it to.

/** The state each of the server's `actions` moves an appointment to, the day's steps first. */
const STATE_OF_ACTION = { arrive: "checked_in", complete: "completed", cancel: "cancelled", noShow: "no_show" };

/** The states an appointment may be moved to now, as the server's `actions` say, in the order to offer them. */
export function nextStates(actions = []) {
  return Object.entries(STATE_OF_ACTION).filter(([action]) => actions.includes(action)).map(([, state]) => state);
}

/** Whether a move to `state` is a step of the day (arrived, completed) rather than calling it off. */
export const isStep = (state) => state === "checked_in" || state === "completed";
