"""`pytest -n` keeps Django's test order in every worker (tests/xdist_order.py)."""

from tests.xdist_order import module_runs


def test_a_module_split_by_the_order_is_two_units_each_where_it_stands():
    # pytest-django's order: rolled-back tests, then transactional ones.
    order = [
        "tests/a.py::test_db_one",
        "tests/a.py::test_db_two",
        "tests/b.py::test_db",
        "tests/a.py::test_live_server",
        "tests/c.py::test_browser",
    ]
    scopes = module_runs(order)
    assert scopes == {
        "tests/a.py::test_db_one": "tests/a.py#0",
        "tests/a.py::test_db_two": "tests/a.py#0",
        "tests/b.py::test_db": "tests/b.py#0",
        "tests/a.py::test_live_server": "tests/a.py#1",
        "tests/c.py::test_browser": "tests/c.py#0",
    }
    # Units in order of first appearance: no emptying test comes before a reading one.
    assert list(dict.fromkeys(scopes[nodeid] for nodeid in order)) == [
        "tests/a.py#0",
        "tests/b.py#0",
        "tests/a.py#1",
        "tests/c.py#0",
    ]


def test_parametrized_ids_with_colons_stay_in_their_module():
    scopes = module_runs(["tests/a.py::test_x[a::b]", "tests/a.py::Case::test_y"])
    assert set(scopes.values()) == {"tests/a.py#0"}
