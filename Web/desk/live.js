// The live stream of a property's changes (`GET /api/v1/properties/{id}/events`, a WebSocket):
// every committed change, numbered without gaps. Listeners get each event in order; when a number
// is skipped, or the connection had to be opened afresh, they are told to reload instead.

export class LiveStream {
  constructor(propertyId) {
    this.propertyId = propertyId;
    this.seq = undefined;
    this.listeners = new Set();
    this.closed = false;
    this.retry = 500;
    /** The sequence number the stream started after (its first hello's): what came before, a reader reads. */
    this.started = new Promise((resolve) => (this._started = resolve));
    this._open();
  }

  /**
   * @param {{ event?: (event: object) => void, reload?: () => void }} listener
   * @returns {() => void} stops listening
   */
  subscribe(listener) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  close() {
    this.closed = true;
    this.socket?.close();
  }

  _open() {
    if (this.closed) return;
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    const after = this.seq === undefined ? "" : `?after=${this.seq}`;
    const socket = new WebSocket(`${scheme}//${location.host}/api/v1/properties/${this.propertyId}/events${after}`);
    this.socket = socket;
    socket.addEventListener("message", (message) => this._receive(JSON.parse(message.data)));
    socket.addEventListener("close", () => {
      if (this.closed) return;
      setTimeout(() => this._open(), this.retry);
      this.retry = Math.min(this.retry * 2, 10_000);
    });
  }

  _receive(message) {
    if (message.type === "hello") {
      this.retry = 500;
      // Resumed where we were: nothing missed. Otherwise the server starts from its latest event.
      const resumed = this.seq !== undefined && message.seq === this.seq;
      const first = this.seq === undefined;
      this.seq = message.seq;
      if (first) this._started(message.seq);
      if (!first && !resumed) this._emit("reload");
      return;
    }
    if (message.type !== "event") return;
    if (this.seq !== undefined && message.seq !== this.seq + 1) {
      this.seq = message.seq;
      this._emit("reload");
      return;
    }
    this.seq = message.seq;
    for (const listener of this.listeners) listener.event?.(message);
  }

  _emit(name) {
    for (const listener of this.listeners) listener[name]?.();
  }
}
