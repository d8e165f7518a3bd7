"""`frontdesk import` and `frontdesk export`: a hotel moving in from another system with a CSV of its stays,
and leaving with them. The hotel is the demo's benchmark hotel of 12 rooms ("1" to "12", room types of
capacity 2), with its stays in one database and without them (`--without-stays`) in another."""

import pytest

HEADER = "confirmation_code,guest_name,email,phone,room,room_type,arrival,departure,adults,children,state,amount_paid\n"
HOTEL = "Benchmark Hotel 12x40"

GOOD = HEADER + "".join(
    [
        "OLD-1,Ann Lee,ann@example.com,+66 81 234 5678,1,,2030-01-01,2030-01-03,2,0,booked,1200.50\r\n",
        '"OLD-2","Kim, ""Bo""",,,2,Type 1,2030-01-01,2030-01-04,1,1,cancelled,0\r\n',
        ",Cy Tan,,,,Type 1,2030-01-02,2030-01-05,1,0,booked,\r\n",
    ]
)

BAD = HEADER + "".join(
    [
        "OLD-1,Ann Lee,,,1,,2030-02-30,2030-03-03,2,0,booked,0\n",
        "OLD-2,Bo Kim,,,999,,2030-01-01,2030-01-03,1,0,booked,0\n",
        "OLD-3,Cy Tan,,,2,,2030-01-01,2030-01-03,1,0,booked,0\n",
        "OLD-4,Di Lam,,,2,,2030-01-02,2030-01-04,1,0,booked,12.345\n",
        '"OLD-5","Eve\nNg",,,3,,2030-01-01,2030-01-03,1,0,booked,0\n',
        "OLD-6,Fay Wong,,,4,,2030-01-01,2030-01-03,9,0,booked,0\n",
    ]
)

BAD_PROBLEMS = [
    "line 2: arrival: '2030-02-30' is not a date (YYYY-MM-DD, from 1900 to 2199)",
    f"line 3: room: {HOTEL} has no room '999'",
    "line 5: room: room 2 is also taken by line 4 (2030-01-01 to 2030-01-03)",
    "line 5: amount_paid: '12.345' has 3 decimals; THB has 2",
    "line 6: guest_name: must not contain control characters",
    "line 8: adults: 9 guests is more than the room sleeps (2)",
]


def problem_lines(stderr):
    return [line for line in stderr.splitlines() if line.startswith("line ")]


@pytest.fixture
def hotel(frontdesk, databases):
    """(the hotel's database with its stays, the same hotel's database without them)."""
    source, target = databases(), databases()
    for database, extra in ((source, []), (target, ["--without-stays"])):
        code, out, err = frontdesk(
            "demo", "--database", database, "--rooms", 12, "--days", 40, "--occupancy", 0.6, *extra
        )
        assert code == 0, err
        assert out.startswith("frontdesk: property 1 has 12 rooms"), out
    return source, target


def export(frontdesk, database, property_id=1):
    code, out, err = frontdesk("export", "--database", database, "--property", property_id)
    assert code == 0, err
    return out


def test_a_dry_run_lists_every_bad_row_by_its_line_and_writes_nothing(frontdesk, hotel, tmp_path):
    _, target = hotel
    path = tmp_path / "bad.csv"
    path.write_bytes(BAD.encode())
    code, out, err = frontdesk("import", "--database", target, "--property", 1, "--dry-run", path)
    assert code == 1
    assert problem_lines(err) == BAD_PROBLEMS
    assert "frontdesk: dry run: 5 of 6 rows have problems; nothing was written" in err
    assert export(frontdesk, target) == HEADER.replace("\n", "\r\n")


def test_a_bad_file_imports_nothing(frontdesk, hotel, tmp_path):
    _, target = hotel
    path = tmp_path / "bad.csv"
    path.write_bytes(BAD.encode())
    code, out, err = frontdesk("import", "--database", target, "--property", 1, path)
    assert code == 1
    assert problem_lines(err) == BAD_PROBLEMS
    assert "frontdesk: 5 of 6 rows have problems; nothing was imported" in err
    assert export(frontdesk, target) == HEADER.replace("\n", "\r\n")


def test_a_good_file_imports_from_standard_input_and_exports_back(frontdesk, hotel):
    _, target = hotel
    code, out, err = frontdesk("import", "--database", target, "--property", 1, "--dry-run", "-", stdin=GOOD)
    assert code == 0, err
    assert out.startswith(f"frontdesk: dry run: all 3 rows are good for property 1 ({HOTEL}); nothing was written")
    code, out, err = frontdesk("import", "--database", target, "--property", 1, "-", stdin=GOOD)
    assert code == 0, err
    assert out.startswith(f"frontdesk: imported 3 stays into property 1 ({HOTEL}) in ")
    rows = export(frontdesk, target).split("\r\n")
    assert rows[0] + "\n" == HEADER
    assert rows[1] == "OLD-1,Ann Lee,ann@example.com,+66 81 234 5678,1,Type 1,2030-01-01,2030-01-03,2,0,booked,1200.50"
    assert rows[2] == 'OLD-2,"Kim, ""Bo""",,,2,Type 1,2030-01-01,2030-01-04,1,1,cancelled,0.00'
    assert rows[3].startswith("FD-") and rows[3].endswith(",Cy Tan,,,,Type 1,2030-01-02,2030-01-05,1,0,booked,0.00")
    # The same codes again are refused: they are the database's already.
    code, out, err = frontdesk("import", "--database", target, "--property", 1, "-", stdin=GOOD)
    assert code == 1
    assert "line 2: confirmation_code: 'OLD-1' is already a stay's code in this database" in problem_lines(err)


def test_a_hotel_leaves_with_its_stays_and_moves_them_into_a_copy(frontdesk, hotel, tmp_path):
    source, target = hotel
    exported = export(frontdesk, source)
    assert exported.count("\r\n") > 50
    path = tmp_path / "stays.csv"
    code, out, err = frontdesk("export", "--database", source, "--property", 1, "--output", path)
    assert code == 0, err
    assert path.read_bytes().decode() == exported
    code, out, err = frontdesk("import", "--database", target, "--property", 1, path)
    assert code == 0, err
    assert export(frontdesk, target) == exported


def test_an_unknown_property_is_named_and_refused(frontdesk, hotel, tmp_path):
    _, target = hotel
    path = tmp_path / "good.csv"
    path.write_bytes(GOOD.encode())
    for command in (["import", path], ["import", "--dry-run", path], ["export"]):
        code, out, err = frontdesk(command[0], "--database", target, "--property", 99, *command[1:])
        assert code == 1, command
        assert "frontdesk: no property 99 in " in err, err
        assert out == ""
