"""What the browser benchmarks share: the release binary, a free port, waiting for the server."""

import os
import socket
import subprocess
import time
import urllib.request
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def release_binary():
    """`FRONTDESK_BIN` if set, else `frontdesk` built in release."""
    if os.environ.get("FRONTDESK_BIN"):
        return Path(os.environ["FRONTDESK_BIN"])
    subprocess.run(["swift", "build", "-c", "release", "--product", "frontdesk"], cwd=ROOT, check=True)
    bin_path = subprocess.run(
        ["swift", "build", "-c", "release", "--show-bin-path"], cwd=ROOT, check=True, capture_output=True, text=True
    ).stdout.strip()
    return Path(bin_path) / "frontdesk"


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_healthy(base, server, attempts=200):
    """Waits for `/healthz`; fails if the server stops first."""
    for _ in range(attempts):
        try:
            urllib.request.urlopen(f"{base}/healthz", timeout=1).read()
            return
        except OSError:
            if server.poll() is not None:
                raise SystemExit(f"the server stopped (exit {server.returncode})")
            time.sleep(0.1)
    raise SystemExit("the server did not answer /healthz")
