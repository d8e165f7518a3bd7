"""A real SMTP server on loopback for the Python suites: Tests/support/smtp_sink.py (aiosmtpd) run as a
process of its own, storing what it accepts as .eml files. Messages are read with Python's `email`
package, as a mail program would. It can be stopped and started again on the same port, as a mail server
that goes away and comes back."""

import email
import email.policy
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import pytest

SCRIPT = Path(__file__).resolve().parent / "smtp_sink.py"


class MailSink:
    def __init__(self, port=0):
        self.folder = tempfile.mkdtemp(prefix="frontdesk-mail-")
        self.port = port
        self.process = None

    def start(self):
        """Starts listening (on the port it had, once it has one); waits until it accepts."""
        try:
            import aiosmtpd  # noqa: F401
        except ImportError:
            pytest.fail("the tests' SMTP server needs aiosmtpd: pip install aiosmtpd")
        port_file = os.path.join(self.folder, f"port-{time.monotonic_ns()}")
        self.process = subprocess.Popen(
            [sys.executable, str(SCRIPT), "--outdir", self.folder, "--port-file", port_file, "--port", str(self.port),
             "--exit-on-stdin-eof", "--max-seconds", "3600"],
            stdin=subprocess.PIPE, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE,
        )
        deadline = time.monotonic() + 15
        while not os.path.exists(port_file):
            if self.process.poll() is not None:
                pytest.fail(f"the SMTP sink stopped: {self.process.stderr.read().decode()}")
            if time.monotonic() > deadline:
                pytest.fail("the SMTP sink did not start within 15 s")
            time.sleep(0.05)
        self.port = int(Path(port_file).read_text())
        return self

    def stop(self):
        if self.process and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=10)
        self.process = None

    def environment(self):
        """The settings that send a frontdesk server's mail here."""
        return {"FRONTDESK_SMTP_HOST": "127.0.0.1", "FRONTDESK_SMTP_PORT": str(self.port),
                "FRONTDESK_SMTP_SECURITY": "none", "FRONTDESK_MAIL_SENDER": "desk@frontdesk.test"}

    def messages(self):
        """Every message accepted so far, oldest first, parsed with `email.policy.default`."""
        found = []
        for path in sorted(Path(self.folder).glob("*.eml")):
            found.append(email.message_from_bytes(path.read_bytes(), policy=email.policy.default))
        return found

    def wait_for(self, matches, timeout=20, count=1):
        """The messages that `matches`, once there are `count` of them."""
        deadline = time.monotonic() + timeout
        while True:
            found = [m for m in self.messages() if matches(m)]
            if len(found) >= count:
                return found
            if time.monotonic() > deadline:
                subjects = [str(m["Subject"]) for m in self.messages()]
                pytest.fail(f"{count} matching message(s) did not arrive within {timeout} s; the sink has {subjects}")
            time.sleep(0.1)


def text_of(message, subtype="plain"):
    """A message's text/plain (or text/html) part, decoded."""
    part = message.get_body(preferencelist=(subtype,))
    return part.get_content() if part else ""
