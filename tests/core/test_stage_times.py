"""The live table's stage timers: off by default, and on they account for a whole move."""

from __future__ import annotations

import json

import pytest

from core import stage_times


@pytest.fixture
def timers(tmp_path, monkeypatch):
    monkeypatch.setattr(stage_times, "_folder", None)
    monkeypatch.setattr(stage_times, "_samples", {})
    stage_times.enable(tmp_path)
    return tmp_path


def test_off_unless_asked_nothing_is_kept_or_written(tmp_path, monkeypatch):
    monkeypatch.setattr(stage_times, "_folder", None)
    assert stage_times.start() is None
    stage_times.lap("engine")
    stage_times.record("consumer to socket", 0.001)
    stage_times.write()
    assert not stage_times.enabled() and list(tmp_path.iterdir()) == []


def test_a_moves_stages_add_up_to_the_move_and_reach_the_benchmarks_file(timers):
    clock = stage_times.start()
    for stage in ("parse", "lock and checks", "engine", "log"):
        stage_times.lap(stage)
    stage_times.finish(clock)
    stage_times.record("consumer to socket", 0.002)
    stage_times.write()

    samples = stage_times.read(timers)
    assert [samples[s] and len(samples[s]) for s in ("parse", "engine", "log")] == [1, 1, 1]
    assert samples["move"][0] == pytest.approx(sum(seconds for _s, seconds in clock.laps))
    assert samples["consumer to socket"] == [0.002]
    # one file per process, replaced whole on each write
    assert [p.suffix for p in timers.iterdir()] == [".json"]
    assert json.loads(next(timers.iterdir()).read_text()) == samples


def test_a_refusal_before_any_stage_is_not_counted_as_a_move(timers):
    stage_times.finish(stage_times.start())
    stage_times.write()
    assert stage_times.read(timers) == {}


def test_files_of_several_processes_are_merged_by_stage(tmp_path):
    (tmp_path / "1.json").write_text(json.dumps({"engine": [0.1], "move": [0.5]}))
    (tmp_path / "2.json").write_text(json.dumps({"engine": [0.2]}))
    assert stage_times.read(tmp_path) == {"engine": [0.1, 0.2], "move": [0.5]}
