// The JSON API, as the front desk and the guest site call it: the session cookie rides along (the
// desk's), every refusal becomes an `APIError` carrying the server's code, message and field, and a
// lost session is announced once.

/** Words a refusal in the page's language, or null: set by the app (`wordRefusals`). */
let refusalWords = null;
/** Reads those words, when a refusal comes before the app has read them: set by the app. */
let readRefusalWords = null;

/**
 * Has every refusal from now on worded by `words(reason, params)` (the page's language), the server's
 * English message kept where it returns null. An app that reads the words after its first screen passes
 * `read`, which a refusal that comes first awaits (a failed read leaves the server's words).
 * @param {(reason: string, params: Record<string, string>) => string | null} words
 * @param {() => Promise<unknown>} [read]
 */
export function wordRefusals(words, read) {
  refusalWords = words;
  readRefusalWords = read ?? null;
}

export class APIError extends Error {
  /**
   * @param {number} status HTTP status (0 when the server could not be reached)
   * @param {string} code the server's error code (`invalid`, `conflict`, …) or `network`
   * @param {string} message the server's words
   * @param {string | undefined} field the input field concerned
   * @param {string} [reason] the rule that refused, which the page words in its language
   * @param {Record<string, string>} [params] what those words need
   */
  constructor(status, code, message, field, reason, params = {}) {
    super((reason && refusalWords?.(reason, params)) || message);
    this.name = "APIError";
    this.status = status;
    this.code = code;
    this.field = field;
    this.reason = reason;
    this.params = params;
    /** The server's own (English) words. */
    this.serverMessage = message;
  }
}

/**
 * A failure that says nothing about what was asked: the server was not reached (or a proxy stood in
 * for it), or a page's module could not be fetched.
 */
export function unreachable(error) {
  if (error instanceof APIError) return error.code === "network" || [502, 503, 504].includes(error.status);
  return error instanceof TypeError && /import|fetch/i.test(error.message);
}

/** A refusal in words for the person who acted: the server's, or that it could not be reached. */
export function errorText(error, t) {
  return error instanceof APIError && error.code === "network" ? t("error.network") : error.message;
}

/** Listeners told when a call answers 401: the session ended. */
const sessionListeners = new Set();
export function onSessionLost(listener) {
  sessionListeners.add(listener);
  return () => sessionListeners.delete(listener);
}

/**
 * Calls the API. `body` is sent as JSON; `version` as `If-Match`; `idempotencyKey` as
 * `Idempotency-Key`. Resolves to `{ status, data, version }` (`version` from the `ETag`).
 * @returns {Promise<{ status: number, data: any, version: number | undefined }>}
 */
export async function call(method, path, { body, version, idempotencyKey, signal } = {}) {
  const headers = { Accept: "application/json" };
  if (body !== undefined) headers["Content-Type"] = "application/json";
  if (version !== undefined) headers["If-Match"] = `"${version}"`;
  if (idempotencyKey) headers["Idempotency-Key"] = idempotencyKey;
  let response;
  try {
    response = await fetch(path, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      credentials: "same-origin",
      signal,
    });
  } catch (error) {
    if (error?.name === "AbortError") throw error;
    throw new APIError(0, "network", error?.message ?? "network error");
  }
  return answered(path, response, await response.text());
}

/**
 * A response to a call of `path`, its body read as `text`: `{ status, data, version }`, or the refusal as an
 * `APIError` (a 401 of another path than the session's tells the session's listeners first).
 */
async function answered(path, response, text) {
  let data = null;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!response.ok) {
    const detail = data?.error ?? {};
    if (response.status === 401 && !path.endsWith("/session")) for (const listener of sessionListeners) listener();
    if (detail.reason && readRefusalWords) await readRefusalWords().catch(() => {});
    throw new APIError(
      response.status, detail.code ?? "error", detail.message ?? response.statusText, detail.field, detail.reason, detail.params ?? {},
    );
  }
  const tag = response.headers.get("ETag");
  return { status: response.status, data, version: tag ? Number(tag.replace(/(^W\/)?"/g, "")) : undefined };
}

export const get = (path, options) => call("GET", path, options).then((r) => r.data);
export const post = (path, body, options) => call("POST", path, { ...options, body });

/**
 * A read the page started before its modules came (common/early.js's `frontdeskEarly.read`), taken once and
 * answered as `get` answers: its data, or its refusal; `get(path)` when it never reached the server or was
 * never started.
 */
export function getEarly(path) {
  const started = globalThis.frontdeskEarly?.take(path);
  if (!started) return get(path);
  return started.then(
    ({ response, text }) => answered(path, response, text).then((r) => r.data),
    () => get(path),
  );
}

/** A fresh key for a creation that may be retried (a double tap books once). */
export function newIdempotencyKey() {
  return globalThis.crypto?.randomUUID?.() ?? `${Date.now()}-${Math.random().toString(36).slice(2)}`;
}

/**
 * A form's keys: one `Idempotency-Key` per body sent, so a retry of the same body (after a network failure)
 * books once, while a body corrected after a refusal is a new request with a key of its own.
 * @returns {(body: object) => string}
 */
export function keyPerBody() {
  let last = null;
  return (body) => {
    const sent = JSON.stringify(body);
    if (last?.body !== sent) last = { body: sent, key: newIdempotencyKey() };
    return last.key;
  };
}
