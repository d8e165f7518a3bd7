#!/usr/bin/env python3
"""A small SMTP sink for MailTests, built on aiosmtpd (pip install aiosmtpd).

Listens on 127.0.0.1, stores every accepted message as NNNN.eml (the bytes received after DATA, dot-unstuffed)
with NNNN.json beside it ({"mail_from", "rcpt_tos", "mail_options", "tls", "auth_user"}) in --outdir, and writes
the bound port to --port-file once it accepts connections.

  smtp_sink.py --outdir DIR --port-file FILE [--port N] [--tls-cert PEM --tls-key PEM]
               [--implicit-tls] [--require-starttls] [--auth-user U --auth-password P]
               [--auth-require-tls yes|no] [--auth-exclude MECH ...] [--reply ADDRESS=CODE ...]
               [--exit-on-stdin-eof] [--max-seconds S]

  smtp_sink.py inspect FILE.eml    prints the parsed message as JSON (email.policy.default)
"""

import argparse
import json
import os
import signal
import ssl
import sys
import threading
import time

REPLY_TEXT = {
    421: "4.3.2 service shutting down",
    450: "4.2.0 mailbox busy",
    451: "4.3.0 try again later",
    452: "4.2.2 mailbox full",
    550: "5.1.1 no such user",
    551: "5.1.6 user not local",
    552: "5.2.2 mailbox full",
    553: "5.1.3 mailbox name not allowed",
    554: "5.7.1 rejected",
}


def inspect(path):
    import base64
    import email
    import email.policy

    with open(path, "rb") as handle:
        raw = handle.read()
    message = email.message_from_bytes(raw, policy=email.policy.default)
    parts = []
    for part in message.walk():
        if part.is_multipart():
            continue
        content = part.get_content()
        parts.append(
            {
                "content_type": part.get_content_type(),
                "charset": part.get_content_charset(),
                "transfer_encoding": part.get("Content-Transfer-Encoding"),
                # An image's bytes, in base64.
                "content": base64.b64encode(content).decode("ascii")
                if isinstance(content, bytes)
                else content.replace("\r\n", "\n"),
                "content_id": part.get("Content-ID"),
                "disposition": part.get_content_disposition(),
            }
        )
    header_end = raw.find(b"\r\n\r\n")
    head = raw[: header_end if header_end >= 0 else len(raw)]
    lines = raw.split(b"\r\n")
    result = {
        "content_type": message.get_content_type(),
        "subject": str(message["Subject"]),
        "from": str(message["From"]),
        "to": str(message["To"]),
        "reply_to": str(message["Reply-To"]) if message["Reply-To"] else None,
        "message_id": message["Message-ID"],
        "raw_message_id": [line.decode("ascii", "replace") for line in head.split(b"\r\n") if line.lower().startswith(b"message-id:")],
        "date": str(message["Date"]),
        "content_language": message["Content-Language"],
        "headers": [[name, str(value)] for name, value in message.items()],
        "defects": [repr(defect) for defect in message.defects],
        "parts": parts,
        "seven_bit": all(byte < 128 for byte in raw),
        "bare_lf": raw.replace(b"\r\n", b"").count(b"\n"),
        "bare_cr": raw.replace(b"\r\n", b"").count(b"\r"),
        "max_header_line": max(len(line) for line in head.split(b"\r\n")),
        "max_line": max(len(line) for line in lines),
    }
    json.dump(result, sys.stdout, ensure_ascii=False)
    sys.stdout.write("\n")


def serve(args):
    # A parent may start us with signals blocked (swift test does): unblock the ones that stop us.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, [signal.SIGTERM, signal.SIGINT])
    from aiosmtpd.controller import Controller
    from aiosmtpd.smtp import AuthResult, LoginPassword

    replies = {}
    for item in args.reply:
        address, _, code = item.rpartition("=")
        replies[address.lower()] = int(code)

    counter = {"n": 0}
    lock = threading.Lock()

    class Handler:
        async def handle_RCPT(self, server, session, envelope, address, rcpt_options):
            code = replies.get(address.lower())
            if code is not None:
                return f"{code} {REPLY_TEXT.get(code, 'refused')}"
            envelope.rcpt_tos.append(address)
            return "250 OK"

        async def handle_DATA(self, server, session, envelope):
            with lock:
                counter["n"] += 1
                number = counter["n"]
            base = os.path.join(args.outdir, f"{number:04d}")
            with open(base + ".eml.tmp", "wb") as handle:
                handle.write(envelope.original_content or b"")
            auth = session.auth_data
            meta = {
                "mail_from": envelope.mail_from,
                "rcpt_tos": envelope.rcpt_tos,
                "mail_options": envelope.mail_options,
                "tls": session.ssl is not None or server.transport.get_extra_info("ssl_object") is not None,
                "auth_user": auth.login.decode("utf-8", "replace") if isinstance(auth, LoginPassword) else None,
            }
            with open(base + ".json", "w") as handle:
                json.dump(meta, handle)
            os.rename(base + ".eml.tmp", base + ".eml")
            return "250 2.0.0 Message accepted for delivery"

    def authenticator(server, session, envelope, mechanism, auth_data):
        ok = (
            isinstance(auth_data, LoginPassword)
            and auth_data.login.decode("utf-8", "replace") == args.auth_user
            and auth_data.password.decode("utf-8", "replace") == args.auth_password
        )
        return AuthResult(success=ok, handled=False, auth_data=auth_data if ok else None)

    context = None
    if args.tls_cert:
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(args.tls_cert, args.tls_key)

    smtp_kwargs = {"enable_SMTPUTF8": True, "server_hostname": "sink.localhost"}
    if context is not None and not args.implicit_tls:
        smtp_kwargs["tls_context"] = context
        smtp_kwargs["require_starttls"] = args.require_starttls
    if args.auth_user is not None:
        smtp_kwargs["authenticator"] = authenticator
        smtp_kwargs["auth_require_tls"] = args.auth_require_tls == "yes"
        if args.auth_exclude:
            smtp_kwargs["auth_exclude_mechanism"] = args.auth_exclude

    class SinkController(Controller):
        def _trigger_server(self):
            # With --port 0 the OS picked a free port: learn it before the readiness probe.
            if self.port == 0 and self.server is not None:
                self.port = self.server.sockets[0].getsockname()[1]
            super()._trigger_server()

    controller = SinkController(
        Handler(),
        hostname="127.0.0.1",
        port=args.port,
        ssl_context=context if args.implicit_tls else None,
        **smtp_kwargs,
    )
    controller.start()
    with open(args.port_file + ".tmp", "w") as handle:
        handle.write(str(controller.port))
    os.rename(args.port_file + ".tmp", args.port_file)

    stop = threading.Event()
    signal.signal(signal.SIGTERM, lambda *_: stop.set())
    signal.signal(signal.SIGINT, lambda *_: stop.set())
    if args.exit_on_stdin_eof:
        # The test process holds our stdin: if it dies, we stop too.
        def watch():
            while os.read(0, 1024):
                pass
            stop.set()

        threading.Thread(target=watch, daemon=True).start()
    stop.wait(args.max_seconds)
    controller.stop()
    sys.stdout.flush()
    sys.stderr.flush()
    os._exit(0)


def main():
    if len(sys.argv) == 3 and sys.argv[1] == "inspect":
        inspect(sys.argv[2])
        return
    parser = argparse.ArgumentParser(description="SMTP sink for MailTests")
    parser.add_argument("--outdir", required=True)
    parser.add_argument("--port-file", required=True)
    parser.add_argument("--port", type=int, default=0, help="0 picks a free port")
    parser.add_argument("--tls-cert")
    parser.add_argument("--tls-key")
    parser.add_argument("--implicit-tls", action="store_true", help="TLS from the first byte instead of STARTTLS")
    parser.add_argument("--require-starttls", action="store_true")
    parser.add_argument("--auth-user")
    parser.add_argument("--auth-password")
    parser.add_argument("--auth-require-tls", choices=["yes", "no"], default="yes")
    parser.add_argument("--auth-exclude", action="append", default=[], help="e.g. PLAIN to offer only LOGIN")
    parser.add_argument("--reply", action="append", default=[], help="ADDRESS=CODE: answer RCPT TO with CODE")
    parser.add_argument("--exit-on-stdin-eof", action="store_true")
    parser.add_argument("--max-seconds", type=float, default=300)
    serve(parser.parse_args())


if __name__ == "__main__":
    main()
