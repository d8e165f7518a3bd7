"""Where `frontdesk` takes its settings from: the command line first, then the environment, then the JSON
file of `--config` (or `$FRONTDESK_CONFIG`), then each setting's default; and how it refuses one it cannot use."""

import json
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "support"))
from frontdesk_server import free_port, stop, wait_until_serving  # noqa: E402


def write_settings(path, settings):
    path.write_text(json.dumps(settings))
    return path


def test_the_database_comes_from_the_file_unless_the_environment_or_the_command_line_names_one(frontdesk, tmp_path):
    settings = write_settings(tmp_path / "settings.json", {"database": {"url": str(tmp_path / "from-file.sqlite")}})
    code, out, err = frontdesk("migrate", "--config", settings)
    assert code == 0, err
    assert str(tmp_path / "from-file.sqlite") in out
    code, out, err = frontdesk("migrate", env={"FRONTDESK_CONFIG": str(settings)})
    assert code == 0, err
    assert str(tmp_path / "from-file.sqlite") in out
    code, out, err = frontdesk(
        "migrate", "--config", settings, env={"DATABASE_URL": str(tmp_path / "from-environment.sqlite")})
    assert code == 0, err
    assert str(tmp_path / "from-environment.sqlite") in out
    code, out, err = frontdesk(
        "migrate", "--config", settings, "--database", tmp_path / "from-command-line.sqlite",
        env={"DATABASE_URL": str(tmp_path / "from-environment.sqlite")})
    assert code == 0, err
    assert str(tmp_path / "from-command-line.sqlite") in out


@pytest.mark.parametrize(
    "args, env, named",
    [
        (["--port", "0"], {}, "frontdesk.port must be 1...65535, got 0"),
        ([], {"FRONTDESK_PORT": "eighty"}, "frontdesk.port"),
        ([], {"FRONTDESK_REQUEST_HEAD_TIMEOUT": "0"}, "frontdesk.request-head-timeout must be 1...3600"),
        ([], {"FRONTDESK_METRICS_TOKEN": "short"}, "frontdesk.metrics-token must be 16 characters or more"),
        (["--log-level", "loud"], {}, "frontdesk.log-level must be one of trace, debug, info"),
        (["--config", "/nonexistent/settings.json"], {}, "the settings file /nonexistent/settings.json"),
    ],
)
def test_a_setting_that_cannot_be_used_stops_the_server_naming_it(frontdesk, tmp_path, args, env, named):
    code, out, err = frontdesk("serve", "--database", tmp_path / "hotel.sqlite", *args, env=env)
    assert code != 0
    assert named in err
    assert not (tmp_path / "hotel.sqlite").exists(), "nothing is opened before the settings are checked"


def test_the_server_listens_where_its_settings_say_and_logs_at_their_level(frontdesk, tmp_path):
    file_port, environment_port = free_port(), free_port()
    settings = write_settings(
        tmp_path / "settings.json",
        {"frontdesk": {"port": file_port, "log-level": "debug", "web": ""},
         "database": {"url": str(tmp_path / "hotel.sqlite")}})
    log = tmp_path / "serve.log"
    with open(log, "wb") as output:
        process = subprocess.Popen(
            [frontdesk.binary, "serve", "--config", str(settings)], stdout=output, stderr=subprocess.STDOUT,
            env={**__import__("os").environ, "FRONTDESK_PORT": str(environment_port)})
    try:
        base = f"http://127.0.0.1:{environment_port}"
        wait_until_serving(base, process, log)
        assert urllib.request.urlopen(f"{base}/healthz", timeout=5).status == 200
        with pytest.raises(OSError):
            urllib.request.urlopen(f"http://127.0.0.1:{file_port}/healthz", timeout=1)
    finally:
        stop(process)
    text = log.read_text()
    assert f"on http://127.0.0.1:{environment_port}/" in text
    assert " debug " in text, "the file's log level is used"
