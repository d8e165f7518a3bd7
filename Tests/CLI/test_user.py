"""`frontdesk user add`: an account for a member of staff, at the properties named or at every property."""

import pytest


@pytest.fixture
def hotel(frontdesk, databases):
    """A database with the benchmark hotel (property 1) and no staff."""
    database = databases()
    code, out, err = frontdesk("demo", "--database", database, "--rooms", 4, "--days", 10, "--without-stays")
    assert code == 0, err
    return database


def add(frontdesk, database, email, *extra):
    return frontdesk(
        "user", "add", "--database", database, "--email", email, "--role", "front_desk", *extra,
        "--password-stdin", stdin="correct horse\n",
    )


def test_an_account_works_at_the_properties_named(frontdesk, hotel):
    code, out, err = add(frontdesk, hotel, "mai@example.com", "--property", 1)
    assert code == 0, err
    assert out.strip() == "frontdesk: added mai@example.com as front_desk at property 1"
    code, out, err = add(frontdesk, hotel, "bo@example.com")
    assert code == 0, err
    assert out.strip() == "frontdesk: added bo@example.com as front_desk at property 1"


def test_an_unknown_property_is_named_and_no_account_is_made(frontdesk, hotel):
    code, out, err = add(frontdesk, hotel, "mai@example.com", "--property", 1, "--property", 99)
    assert code != 0
    assert "there is no property 99" in err
    code, out, err = add(frontdesk, hotel, "mai@example.com", "--property", 1)
    assert code == 0, err
