"""SIGTERM while desks hold live streams open and writes are under way: the server stops within its grace
time (10 s), ends every stream, answers or refuses every write (none left hanging), and keeps every write it
acknowledged, on SQLite and on PostgreSQL. The application's service group stops the server first, then the
clean-up and the event feed, and closes the database last."""

import concurrent.futures
import time
import urllib.error

from test_postgres_restart import EventSocket, _request

WRITES = 24


def housekeepers(base, property_id, cookie):
    """Who cleans each room, by room id, from the housekeeping list."""
    _, _, listed = _request(base, "GET", f"/api/v1/properties/{property_id}/housekeeping", cookie=cookie)
    return {entry["room"]["id"]: entry["room"].get("housekeeper", "") for entry in listed["rooms"]}


def test_sigterm_with_open_streams_and_writes_in_flight_stops_in_time_and_loses_nothing(server):
    base = server.start()
    _, headers, _ = _request(base, "POST", "/api/v1/session", {"email": "frontdesk@example.com", "password": "frontdesk-demo"})
    cookie = headers["Set-Cookie"].split(";")[0]
    _, _, properties = _request(base, "GET", "/api/v1/properties", cookie=cookie)
    hotel = next(p for p in properties["properties"] if p["kind"] == "hotel")
    _, _, detail = _request(base, "GET", f"/api/v1/properties/{hotel['id']}", cookie=cookie)
    rooms = [room["id"] for room in detail["rooms"]][:WRITES]
    assert len(rooms) == WRITES
    before = housekeepers(base, hotel["id"], cookie)

    streams = [EventSocket(base, f"/api/v1/properties/{hotel['id']}/events", cookie) for _ in range(3)]
    try:
        for stream in streams:
            assert stream.next(10)["type"] == "hello"

        def write(index):
            change = {"status": "clean", "housekeeper": f"Before the stop {index}"}
            try:
                status, _, _ = _request(base, "PATCH", f"/api/v1/rooms/{rooms[index]}/housekeeping", change, cookie)
                return index, status
            except urllib.error.HTTPError as error:
                return index, error.code
            except OSError:
                return index, None  # refused or cut off: not acknowledged

        with concurrent.futures.ThreadPoolExecutor(max_workers=8) as pool:
            answers = [pool.submit(write, index) for index in range(WRITES)]
            time.sleep(0.05)  # some answered, some under way, some not yet sent
            stopping = time.monotonic()
            server.process.terminate()
            results = [answer.result(timeout=20) for answer in answers]
        exit_code = server.process.wait(timeout=15)
        took = time.monotonic() - stopping
        assert exit_code == 0, f"exit {exit_code}"
        assert took < 10, f"stopped {took:.1f} s after SIGTERM, past the 10 s grace"

        # Every stream ended, with a close frame or the connection closing; none is left open.
        for stream in streams:
            try:
                while True:
                    stream.next(5)
            except ConnectionError:
                pass
    finally:
        for stream in streams:
            stream.close()

    # Everything answered with success is stored; what was refused or cut off was applied whole or not at all.
    acknowledged = [index for index, status in results if status == 200]
    print(f"graceful stop: {len(acknowledged)} of {WRITES} writes acknowledged, stopped in {took:.2f} s")
    assert all(status in (200, 503, None) for _, status in results), results
    server.start()
    _, headers, _ = _request(server.base, "POST", "/api/v1/session", {"email": "frontdesk@example.com", "password": "frontdesk-demo"})
    cookie = headers["Set-Cookie"].split(";")[0]
    after = housekeepers(server.base, hotel["id"], cookie)
    for index in acknowledged:
        assert after[rooms[index]] == f"Before the stop {index}", (index, after[rooms[index]])
    for index in range(WRITES):
        assert after[rooms[index]] in (before[rooms[index]], f"Before the stop {index}"), after[rooms[index]]
