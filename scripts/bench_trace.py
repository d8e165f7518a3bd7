"""Chrome's trace of a stretch of a browser benchmark, and what the page's main thread did in it.

A second DevTools client beside chromedriver's (on the browser's `debuggerAddress`) records the trace.
`main_thread_tasks` reads the page's main thread from it between two `performance` marks: each task's
wall time beside the CPU time its thread had in it (`tdur`), so that a long frame can be told apart as
the page's own work or the machine's other processes holding the CPU.
"""

import base64
import collections
import json
import urllib.request

import websocket

CATEGORIES = ["toplevel", "devtools.timeline", "disabled-by-default-devtools.timeline",
              "disabled-by-default-v8.gc", "blink.user_timing", "__metadata"]
# The steps of a frame on the main thread, none inside another: script run by an animation frame, an event, a
# timer or in idle time, style, layout, painting and handing the frame to the compositor, and garbage collection.
STEPS = ("FireAnimationFrame", "EventDispatch", "TimerFire", "FireIdleCallback", "UpdateLayoutTree", "Layout",
         "PrePaint", "Paint", "Layerize", "Commit", "MinorGC", "MajorGC")


class ChromeTrace:
    def __init__(self, driver):
        address = driver.capabilities["goog:chromeOptions"]["debuggerAddress"]
        with urllib.request.urlopen(f"http://{address}/json/version", timeout=10) as response:
            url = json.load(response)["webSocketDebuggerUrl"]
        self.socket = websocket.create_connection(url, timeout=120, suppress_origin=True)
        self.sent = 0

    def _send(self, method, **params):
        self.sent += 1
        self.socket.send(json.dumps({"id": self.sent, "method": method, "params": params}))
        return self.sent

    def _until(self, matches):
        while True:
            message = json.loads(self.socket.recv())
            if matches(message):
                return message

    def _call(self, method, **params):
        sent = self._send(method, **params)
        return self._until(lambda m: m.get("id") == sent).get("result", {})

    def start(self):
        self._call("Tracing.start", transferMode="ReturnAsStream",
                   traceConfig={"includedCategories": CATEGORIES, "recordMode": "recordContinuously"})

    def stop(self):
        """Ends the trace: its events."""
        self._send("Tracing.end")
        stream = self._until(lambda m: m.get("method") == "Tracing.tracingComplete")["params"]["stream"]
        chunks = []
        while True:
            read = self._call("IO.read", handle=stream, size=1 << 20)
            chunks.append(base64.b64decode(read["data"]).decode() if read.get("base64Encoded") else read["data"])
            if read.get("eof"):
                break
        self._call("IO.close", handle=stream)
        self.socket.close()
        trace = json.loads("".join(chunks))
        return trace["traceEvents"] if isinstance(trace, dict) else trace


def main_thread_tasks(events, start_mark, end_mark):
    """The tasks of the main thread that set `start_mark`, between it and `end_mark`: `(wall_ms, cpu_ms,
    {step: wall_ms})` each."""
    marks = {e["name"]: e for e in events
             if e.get("cat") == "blink.user_timing" and e["name"] in (start_mark, end_mark)}
    thread = (marks[start_mark]["pid"], marks[start_mark]["tid"])
    begin, end = marks[start_mark]["ts"], marks[end_mark]["ts"]
    # An enclosing span before the spans it holds.
    spans = sorted((e for e in events if e.get("ph") == "X" and (e["pid"], e["tid"]) == thread
                    and begin <= e["ts"] <= end), key=lambda e: (e["ts"], -e["dur"]))
    tasks = []
    step_end = 0
    for span in spans:
        if span["name"] == "RunTask" and span.get("cat") == "disabled-by-default-devtools.timeline":
            tasks.append((span, collections.Counter()))
        elif (span["name"] in STEPS and span["ts"] >= step_end and tasks
              and span["ts"] < tasks[-1][0]["ts"] + tasks[-1][0]["dur"]):
            # A step inside another (a layer's Paint within the frame's) is counted once, in the outer.
            tasks[-1][1][span["name"]] += span["dur"] / 1000
            step_end = span["ts"] + span["dur"]
    return [(task["dur"] / 1000, task.get("tdur", 0) / 1000, steps) for task, steps in tasks]
