"""`frontdesk property add`: a new hotel or salon with nothing in it yet, for its manager to set up on the desk."""

import re


def add(frontdesk, database, *extra):
    return frontdesk(
        "property", "add", "--database", database, "--kind", "salon", "--name", "Salon Sakura",
        "--time-zone", "Asia/Tokyo", "--currency", "JPY", "--region", "Tokyo", "--city", "Shibuya", *extra,
    )


def test_a_salon_is_added_empty_and_takes_its_manager(frontdesk, databases):
    database = databases()
    code, out, err = add(frontdesk, database, "--latitude", 35.66, "--longitude", 139.70)
    assert code == 0, err
    added = re.fullmatch(r"frontdesk: added property (\d+) \(Salon Sakura\)", out.strip())
    assert added, out
    code, out, err = frontdesk(
        "user", "add", "--database", database, "--email", "owner@example.com", "--role", "manager",
        "--property", added[1], "--password-stdin", stdin="correct horse\n",
    )
    assert code == 0, err
    assert out.strip() == f"frontdesk: added owner@example.com as manager at property {added[1]}"


def test_each_bad_value_is_named_and_nothing_is_added(frontdesk, databases):
    database = databases()
    for extra, named in [
        (("--time-zone", "Asia/Atlantis"), "timeZone"),
        (("--currency", "GBP"), "--currency"),
        (("--kind", "spa"), "--kind"),
        (("--kind", "hotel"), "--kind must be salon"),
        (("--name", "x" * 101), "name"),
        (("--name", "  "), "name"),
        (("--latitude", 91), "latitude"),
    ]:
        code, out, err = add(frontdesk, database, *extra)
        assert code != 0, extra
        assert named in err, (extra, err)
        assert out == "", extra
    code, out, err = add(frontdesk, database)
    assert code == 0, err
    assert out.strip().startswith("frontdesk: added property 1 ")
