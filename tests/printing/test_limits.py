"""Print limits as a visitor meets them: a refusal with a reason, and nothing made.

Every refusal is checked the same way: its status, a message that names the
limit (numbers and codes, so the test holds in either language), no new job
row and no new file on disk.
"""

from __future__ import annotations

import json
import signal
from datetime import timedelta
from pathlib import Path

import pytest
from django.utils import timezone

from core.errors import ApplicationError
from printing import services, sources
from printing.models import PrintJob, Status
from tests.factories import PASSWORD, make_user

pytestmark = pytest.mark.django_db

PREVIEW = {
    "page_size": "a4", "card_size": "poker", "quantity": 1, "margin_mm": 5, "gap_mm": 0,
    "bleed_mm": 0, "flip": "long", "back_offset_x": 0, "back_offset_y": 0,
}  # fmt: skip
FORM = {**PREVIEW, "crop_marks": "on", "backs": "on"}


def files(folder: Path) -> set[Path]:
    return {p for p in Path(folder).rglob("*") if p.is_file()} if Path(folder).exists() else set()


def text(response) -> str:
    if response["Content-Type"].startswith("application/json"):
        return response.json()["error"]["message"]
    return response.content.decode()


def assert_refused(response, status: int, *fragments: str) -> None:
    assert response.status_code == status, (response.status_code, text(response)[:500])
    body = text(response)
    for fragment in fragments:
        assert fragment in body, (fragment, body[:2000])


@pytest.fixture
def nothing_made(media):
    """Asserts, after the test, that no job row and no file appeared."""
    jobs_before = PrintJob.objects.count()
    files_before = files(media)
    yield
    assert PrintJob.objects.count() == jobs_before
    assert files(media) == files_before


@pytest.fixture
def codes(cards):
    return list(cards.order_by("sort_key").values_list("code", flat=True))


def api_post(client, **payload):
    return client.post("/api/print-jobs/", payload, content_type="application/json")


def run_on_commit(captured, action):
    with captured(execute=True):
        return action()


# ---------------------------------------------------------------- 1. bounded work per request


def test_the_preview_of_a_huge_count_is_refused_before_anything_is_drawn(
    client, cards, nothing_made
):
    response = client.get("/print/preview.png", {**PREVIEW, "cards": "AFD-005:300000000"})
    assert_refused(response, 400, "AFD-005", "99")


def test_the_preview_refuses_a_list_with_too_many_entries(client, codes, nothing_made):
    listed = ",".join(f"{code}:1" for code in codes[:3])
    # 501 entries, the codes repeated: the count of entries is what is refused
    many = ",".join([listed] * 167)
    response = client.get("/print/preview.png", {**PREVIEW, "cards": many})
    assert_refused(response, 400, "500", "501")


def test_the_preview_refuses_more_cards_times_copies_than_a_job_may_have(
    client, codes, nothing_made
):
    listed = ",".join(f"{code}:99" for code in codes[:21])  # 2,079 cards
    assert_refused(
        client.get("/print/preview.png", {**PREVIEW, "cards": listed}), 400, "2000", "2079"
    )
    listed = ",".join(f"{code}:30" for code in codes[:10])  # 300 cards, 10 copies
    response = client.get("/print/preview.png", {**PREVIEW, "quantity": 10, "cards": listed})
    assert_refused(response, 400, "2000", "3000")


def test_the_preview_draws_only_the_first_sheet_of_the_largest_list(client, codes, monkeypatch):
    from catalog import render

    drawn = []
    real = render.face_file

    def counting(card, **kwargs):
        drawn.append(card.code)
        return real(card, **kwargs)

    monkeypatch.setattr(render, "face_file", counting)
    listed = ",".join(f"{code}:99" for code in codes[:20])  # 1,980 cards
    response = client.get("/print/preview.png", {**PREVIEW, "cards": listed})
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert drawn == [codes[0]] * 9  # A4 poker holds 9: the first card's copies, nothing more


def test_first_codes_never_builds_the_whole_list():
    huge = [{"code": "A", "count": 10**12}, {"code": "B", "count": 10**12}]
    assert list(sources.first_codes(huge, 3)) == ["A", "A", "A"]
    assert list(sources.first_codes([{"code": "A", "count": 2}, {"code": "B", "count": 5}], 4)) == [
        "A", "A", "B", "B",
    ]  # fmt: skip


def test_the_form_shows_why_a_linked_list_is_too_long(client, codes, nothing_made):
    listed = ",".join(f"{code}:99" for code in codes[:21])
    response = client.get("/print/new/", {"cards": listed})
    assert_refused(response, 400, "2000", 'role="alert"')
    assert "/print/preview.png?" not in response.content.decode()  # no broken preview


def test_posting_the_form_over_the_limits_makes_no_job(client, codes, nothing_made):
    listed = ",".join(f"{code}:30" for code in codes[:10])
    response = client.post("/print/new/", {**FORM, "quantity": 10, "cards": listed})
    assert_refused(response, 400, "2000", "3000", 'role="alert"')
    response = client.post("/print/new/", {**FORM, "cards": f"{codes[0]}:100"})
    assert_refused(response, 400, codes[0], "99")


def test_the_api_refuses_too_many_entries_before_reading_them(client, cards, nothing_made):
    entries = [{"code": f"NOPE-{i}", "count": "x"} for i in range(5000)]
    assert_refused(api_post(client, cards=entries), 400, "500", "5000")


def test_the_api_refuses_counts_copies_and_totals_over_the_limits(client, codes, nothing_made):
    one = codes[0]
    assert_refused(api_post(client, cards=[{"code": one, "count": 100}]), 400, "99")
    assert_refused(api_post(client, cards=[{"code": one, "count": 1}], quantity=11), 400, "10")
    many = [{"code": code, "count": 99} for code in codes[:21]]
    assert_refused(api_post(client, cards=many), 400, "2000", "2079")
    copies = [{"code": code, "count": 50} for code in codes[:5]]
    assert_refused(api_post(client, cards=copies, quantity=9), 400, "2000", "2250")


def test_the_limits_are_read_from_settings(client, codes, settings, nothing_made):
    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_CARDS": 5, "PRINT_MAX_ENTRIES": 2}
    response = client.get("/print/preview.png", {**PREVIEW, "cards": f"{codes[0]}:6"})
    assert_refused(response, 400, "5", "6")
    listed = ",".join(codes[:3])
    assert_refused(api_post(client, cards=[{"code": c} for c in codes[:3]]), 400, "2", "3")
    assert_refused(client.get("/print/new/", {"cards": listed}), 400, "2", "3")


def test_a_set_is_held_to_the_same_limits(client, cards, settings, nothing_made):
    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_ENTRIES": 5}
    assert_refused(api_post(client, set="AF1"), 400, "5", "13")  # AF1 has 13 cards


# ---------------------------------------------------------------- 2. no 500 from malformed input


@pytest.mark.parametrize(
    ("cards_param", "fragments"),
    [
        ("AFD-005:²", ["AFD-005", "99"]),
        ("AFD-005:" + "9" * 5000, ["AFD-005", "99"]),
        ("AFD-005:-3", ["AFD-005", "99"]),
        ("AFD-005:1.5", ["AFD-005", "99"]),
        ("NOPE-404:1", ["NOPE-404"]),
        ("AFD-005:1," + "X" * 40 + ":1", ["XXXX"]),
    ],
)
def test_a_malformed_card_list_gets_a_message_on_the_form(
    client, cards, cards_param, fragments, nothing_made
):
    assert_refused(client.get("/print/new/", {"cards": cards_param}), 400, *fragments)
    response = client.post("/print/new/", {**FORM, "cards": cards_param})
    assert_refused(response, 400, *fragments, 'role="alert"')
    assert_refused(client.get("/print/preview.png", {**PREVIEW, "cards": cards_param}), 400)
    response = client.get(
        "/print/preview/", {**PREVIEW, "cards": cards_param}, HTTP_HX_REQUEST="true"
    )
    assert_refused(response, 400, *fragments)


def test_a_deck_id_that_is_not_a_number_is_a_400(client, cards, nothing_made):
    assert_refused(client.get("/print/preview.png", {**PREVIEW, "deck": "abc"}), 400, "deck")
    response = client.post("/print/new/", {**FORM, "deck": "abc"})
    assert_refused(response, 400, "deck", 'role="alert"')
    assert_refused(client.get("/print/new/", {"deck": "9" * 30}), 400, "deck")
    assert client.get("/print/new/", {"deck": "424242"}).status_code == 404


def test_malformed_api_bodies_are_400(client, cards, nothing_made):
    assert_refused(api_post(client, deck=10**30), 400)
    assert_refused(api_post(client, deck="abc"), 400)
    assert_refused(api_post(client, cards="AFD-005:1"), 400)
    assert_refused(api_post(client, cards=[{"code": "AFD-005", "count": "²"}]), 400)
    assert_refused(api_post(client, cards=[{"code": "NOPE-404"}]), 400, "NOPE-404")
    assert_refused(api_post(client, cards=[{"code": "AFD-005"}], quantity="many"), 400)
    response = client.post(
        "/api/print-jobs/",
        '{"cards": [{"code": "AFD-005", "count": ' + "9" * 5000 + "}]}",
        content_type="application/json",
    )
    assert_refused(response, 400)


def test_a_preview_with_impossible_options_is_a_400_with_the_reason(client, cards, nothing_made):
    response = client.get("/print/preview.png", {**PREVIEW, "quantity": "abc", "set": "AF1"})
    assert_refused(response, 400)
    response = client.get("/print/preview.png", {**PREVIEW, "margin_mm": 31, "set": "AF1"})
    assert_refused(response, 400, "30")
    response = client.get("/print/preview.png", {**PREVIEW, "card_size": "huge", "set": "AF1"})
    assert_refused(response, 400, "huge")


def test_services_refuse_bad_lists_from_any_caller(cards, owner):
    for bad in (
        {"cards": [{"code": "AFD-005", "count": True}]},
        {"cards": [{"code": "AFD-005", "count": 10**40}]},
        {"cards": ["AFD-005"]},
        {"cards": [{"code": None}]},
        {"deck": "1; DROP TABLE"},
    ):
        with pytest.raises(ApplicationError):
            services.print_job_create(user=owner, session_key="", source=bad, options={})
    assert not PrintJob.objects.exists()


# ---------------------------------------------------------------- 3. storage and quotas


def test_an_anonymous_visitor_may_have_two_jobs_being_made_at_once(client, cards, media):
    assert api_post(client, set="AF1").status_code == 201
    assert api_post(client, set="AFD").status_code == 201
    before = files(media)
    response = api_post(client, set="ONI")
    assert_refused(response, 429, "2")
    assert response.json()["error"]["code"] == "too_many_active_jobs"
    assert PrintJob.objects.count() == 2 and files(media) == before
    # someone else is not held back by it
    assert api_post(type(client)(), set="ONI").status_code == 201


def test_a_signed_in_player_gets_the_same_cap_and_the_form_says_so(client, owner, cards):
    client.login(username="owner", password=PASSWORD)
    for source in ("AF1", "AFD"):
        assert api_post(client, set=source).status_code == 201
    response = client.post("/print/new/", {**FORM, "set": "ONI"})
    assert_refused(response, 429, "2", 'role="alert"')
    assert PrintJob.objects.filter(user=owner).count() == 2


def test_a_job_whose_worker_died_does_not_hold_a_slot(client, cards, settings, monkeypatch):
    settings.PRINT_STUCK_AFTER_SECONDS = 1
    monkeypatch.setattr("printing.tasks.make_sheets.delay", lambda job_id: None)
    first = api_post(client, set="AF1").json()["id"]
    api_post(client, set="AFD")
    long_ago = timezone.now() - timedelta(minutes=10)
    PrintJob.objects.filter(pk=first).update(status="running", heartbeat_at=long_ago, attempts=3)
    assert api_post(client, set="ONI").status_code == 201
    assert PrintJob.objects.get(pk=first).status == "failed"


def test_finished_files_expire_sooner_for_anonymous_visitors(
    client, owner, cards, django_capture_on_commit_callbacks
):
    anonymous = run_on_commit(
        django_capture_on_commit_callbacks, lambda: api_post(client, set="AF1")
    )
    job = PrintJob.objects.get(pk=anonymous.json()["id"])
    assert job.status == "done" and job.file_size == Path(job.file.path).stat().st_size > 0
    assert abs(job.expires_at - job.finished_at - timedelta(hours=24)) < timedelta(seconds=1)
    client.login(username="owner", password=PASSWORD)
    signed = run_on_commit(django_capture_on_commit_callbacks, lambda: api_post(client, set="AFD"))
    job = PrintJob.objects.get(pk=signed.json()["id"])
    assert abs(job.expires_at - job.finished_at - timedelta(hours=168)) < timedelta(seconds=1)
    assert client.get(f"/api/print-jobs/{job.pk}/").json()["expires_at"]


def test_a_visitor_whose_files_fill_their_space_is_told_to_delete_some(
    client, cards, settings, media, django_capture_on_commit_callbacks
):
    settings.LIMITS = {**settings.LIMITS, "PRINT_BYTES_PER_ANONYMOUS": 1000}
    made = run_on_commit(django_capture_on_commit_callbacks, lambda: api_post(client, set="AF1"))
    job = PrintJob.objects.get(pk=made.json()["id"])
    before = files(media)
    response = api_post(client, set="AFD")
    assert_refused(response, 409, "24")  # the files expire after 24 hours
    assert response.json()["error"]["code"] == "storage_full"
    assert response.json()["error"]["limit_bytes"] == 1000
    form = client.post("/print/new/", {**FORM, "set": "AFD"})
    assert_refused(form, 409, 'role="alert"', "24")
    assert PrintJob.objects.count() == 1 and files(media) == before
    # the list says how much is kept, and deleting the file makes room
    index = client.get("/print/").content.decode()
    assert f"/print/jobs/{job.pk}/delete/" in index
    assert "fájlt 24 óra elteltével törlünk" in index  # a visitor's files are kept a day
    deleted = run_on_commit(
        django_capture_on_commit_callbacks, lambda: client.post(f"/print/jobs/{job.pk}/delete/")
    )
    assert deleted["Location"] == "/print/"
    assert not PrintJob.objects.exists() and not Path(job.file.path).exists()
    assert api_post(client, set="AFD").status_code == 201


def test_new_sessions_do_not_let_visitors_past_what_all_visitors_share(cards, settings, media):
    """Each fresh client is a new session with limits of its own; all visitors together may
    have LIMIT_PRINT_ACTIVE_JOBS_VISITORS jobs being made and LIMIT_PRINT_BYTES_VISITORS
    kept, and a signed-in player is not held back by them."""
    from django.test import Client

    together = settings.LIMITS["PRINT_ACTIVE_JOBS_ALL_VISITORS"]
    for _ in range(together):  # each from a client with no cookie: a session of its own
        assert api_post(Client(), set="AF1").status_code == 201
    assert PrintJob.objects.filter(status=Status.QUEUED).count() == together
    before = files(media)
    for door in ("api", "form"):
        visitor = Client()
        answer = (
            api_post(visitor, set="AFD")
            if door == "api"
            else visitor.post("/print/new/", {**FORM, "set": "AFD"})
        )
        assert_refused(answer, 429, "jelentkezz be")
    assert PrintJob.objects.count() == together and files(media) == before
    player = Client()
    player.force_login(make_user("nyomtato"))
    assert api_post(player, set="AFD").status_code == 201
    # and the space: files kept by visitors, however many sessions made them
    PrintJob.objects.filter(user=None).update(
        status=Status.DONE,
        file="prints/kept.pdf",
        file_size=settings.LIMITS["PRINT_BYTES_ALL_VISITORS"] // together + 1,
        expires_at=timezone.now() + timedelta(hours=1),
    )
    answer = api_post(Client(), set="AFD")
    assert_refused(answer, 409, "Jelentkezz be")
    assert answer.json()["error"]["code"] == "visitors_storage_full"


def test_a_players_files_are_kept_for_days_said_in_days(client, owner):
    client.force_login(owner)
    index = " ".join(client.get("/print/").content.decode().split())
    assert "Minden fájlt 7 nap elteltével törlünk, az elkészültétől számítva" in index


def test_an_expired_job_says_so_and_can_be_made_again(
    client, cards, media, django_capture_on_commit_callbacks
):
    made = run_on_commit(
        django_capture_on_commit_callbacks,
        lambda: api_post(client, cards=[{"code": "AFD-005", "count": 2}], quantity=2, bleed_mm=1),
    )
    job = PrintJob.objects.get(pk=made.json()["id"])
    path = Path(job.file.path)
    PrintJob.objects.filter(pk=job.pk).update(expires_at=timezone.now() - timedelta(minutes=1))

    # before the sweep: already expired for the visitor
    assert_refused(client.get(f"/print/jobs/{job.pk}/download/"), 410)
    assert client.get(f"/api/print-jobs/{job.pk}/").json()["status"] == "expired"

    from printing.tasks import delete_expired_files

    assert delete_expired_files() == {"expired": 1, "deleted_files": 1}
    assert not path.exists()
    assert PrintJob.objects.get(pk=job.pk).status == "expired"

    page = client.get(f"/print/jobs/{job.pk}/").content.decode()
    assert f"/print/jobs/{job.pk}/again/" in page and "every 1s" not in page
    assert_refused(client.get(f"/print/jobs/{job.pk}/download/"), 410)
    assert_refused(client.get(f"/api/print-jobs/{job.pk}/download/"), 410)
    body = client.get(f"/api/print-jobs/{job.pk}/").json()
    assert body["status"] == "expired" and body["message"] and "download_url" not in body
    assert body["again"]["body"] == {"again": str(job.pk)}

    response = run_on_commit(
        django_capture_on_commit_callbacks, lambda: client.post(f"/print/jobs/{job.pk}/again/")
    )
    again = PrintJob.objects.exclude(pk=job.pk).get()
    assert response["Location"] == f"/print/jobs/{again.pk}/"
    assert (again.cards, again.options, again.status) == (job.cards, job.options, "done")
    assert Path(again.file.path).exists()

    via_api = api_post(client, **body["again"]["body"])
    assert via_api.status_code == 201 and via_api.json()["options"] == job.options


def test_making_a_job_again_is_held_to_the_same_caps(client, cards, media):
    failed = api_post(client, set="AF1").json()["id"]
    PrintJob.objects.filter(pk=failed).update(status="failed", error="boom")
    api_post(client, set="AFD")
    api_post(client, set="ONI")
    response = client.post(f"/print/jobs/{failed}/again/")
    assert_refused(response, 429, "2", 'role="alert"')
    assert PrintJob.objects.count() == 3
    assert_refused(api_post(client, again=failed), 429, "2")


def test_another_visitor_cannot_make_my_job_again_or_delete_it(client, stranger, owner, cards):
    client.login(username="owner", password=PASSWORD)
    job_id = api_post(client, set="AF1").json()["id"]
    other = type(client)()
    other.login(username="stranger", password=PASSWORD)
    assert other.post(f"/print/jobs/{job_id}/again/").status_code == 404
    assert other.post(f"/print/jobs/{job_id}/delete/").status_code == 404
    assert other.delete(f"/api/print-jobs/{job_id}/").status_code == 404
    assert api_post(other, again=job_id).status_code == 404
    assert PrintJob.objects.count() == 1


def test_a_job_being_made_cannot_be_deleted(client, owner, cards):
    client.login(username="owner", password=PASSWORD)
    job_id = api_post(client, set="AF1").json()["id"]
    PrintJob.objects.filter(pk=job_id).update(status="running", heartbeat_at=timezone.now())
    assert_refused(client.delete(f"/api/print-jobs/{job_id}/"), 409)
    assert_refused(client.post(f"/print/jobs/{job_id}/delete/"), 409)
    assert PrintJob.objects.filter(pk=job_id).exists()


def test_an_expired_file_is_never_reused(client, cards, django_capture_on_commit_callbacks):
    def make():
        return run_on_commit(
            django_capture_on_commit_callbacks, lambda: api_post(client, set="AF1")
        )

    first = PrintJob.objects.get(pk=make().json()["id"])
    PrintJob.objects.filter(pk=first.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    second = PrintJob.objects.get(pk=make().json()["id"])
    assert second.file.name != first.file.name
    # a file about to expire is not reused either: the sweep could delete it under the new job
    PrintJob.objects.filter(pk=second.pk).update(expires_at=timezone.now() + timedelta(minutes=5))
    third = PrintJob.objects.get(pk=make().json()["id"])
    assert third.file.name not in {first.file.name, second.file.name}


def test_a_shared_file_is_deleted_with_the_last_job_that_uses_it(
    client, owner, cards, django_capture_on_commit_callbacks
):
    client.login(username="owner", password=PASSWORD)
    first = run_on_commit(django_capture_on_commit_callbacks, lambda: api_post(client, set="AF1"))
    second = api_post(client, set="AF1")  # reuses the finished file at once
    a, b = PrintJob.objects.get(pk=first.json()["id"]), PrintJob.objects.get(pk=second.json()["id"])
    assert a.file.name == b.file.name and b.status == "done" and b.file_size == a.file_size
    path = Path(a.file.path)
    deleted = run_on_commit(
        django_capture_on_commit_callbacks, lambda: client.delete(f"/api/print-jobs/{a.pk}/")
    )
    assert deleted.status_code == 204 and not PrintJob.objects.filter(pk=a.pk).exists()
    assert path.exists()
    PrintJob.objects.filter(pk=b.pk).update(expires_at=timezone.now() - timedelta(seconds=1))
    assert services.print_files_expire()["deleted_files"] == 1
    assert not path.exists()


def test_the_sweep_deletes_old_files_that_no_job_names(media):
    import os

    folder = Path(media) / "prints"
    folder.mkdir(parents=True)
    old, young = folder / "orphan-old.pdf", folder / "orphan-young.pdf"
    old.write_bytes(b"%PDF")
    young.write_bytes(b"%PDF")
    two_hours_ago = (timezone.now() - timedelta(hours=2)).timestamp()
    os.utime(old, (two_hours_ago, two_hours_ago))
    assert services.print_files_expire() == {"expired": 0, "deleted_files": 1}
    assert not old.exists() and young.exists()


def test_the_sweep_runs_every_quarter_hour_from_beat():
    from config.celery import app

    entry = app.conf.beat_schedule["printing-delete-expired-files"]
    assert entry["task"] == "printing.delete_expired_files"
    assert entry["schedule"] == 15 * 60
    assert "printing.delete_expired_files" in app.tasks


def test_serve_runs_the_worker_with_an_embedded_beat(settings, monkeypatch, tmp_path):
    from django.core.management import call_command

    settings.VAR_DIR = tmp_path
    started = []

    class Finished:
        returncode = 0

        def __init__(self, command, **kwargs):
            started.append(command)

        def poll(self):
            return 0

        def send_signal(self, signum):
            pass

        def wait(self, timeout=None):
            return 0

    from tests.make_run_site import free_port

    monkeypatch.setattr("subprocess.Popen", Finished)
    with pytest.raises(SystemExit):  # the fake children "exit" at once
        call_command("serve", "--port", str(free_port()))  # not 8000: a make run may hold it
    # The command gives back the signal handlers it took (this process forks
    # live servers later, which must still die on SIGTERM).
    assert signal.getsignal(signal.SIGTERM) == signal.SIG_DFL
    worker = next(command for command in started if "worker" in command)
    assert "-B" in worker
    assert worker[worker.index("--schedule") + 1] == str(tmp_path / "celerybeat-schedule")
    assert not any("beat" in command for command in started)  # exactly one beat: the worker's


# ---------------------------------------------------------------- 4. the measuring functions


def test_the_measuring_functions_run_and_leave_nothing_behind(cards, settings, media):
    from catalog.models import Card
    from printing import measure

    settings.LIMITS = {**settings.LIMITS, "PRINT_MAX_CARDS": 12, "PRINT_MAX_ENTRIES": 12}
    cards_before = Card.objects.count()
    job = measure.largest_job_figures(bleed_mm=3)
    assert job["status"] == "done" and job["cards"] == 12 and job["pages"] == 4
    assert job["peak_rss_mb"] > 0 and job["cpu_s"] > 0
    preview = measure.largest_preview_figures()
    assert preview["status_code"] == 200 and preview["slots_drawn"] >= 9
    assert Card.objects.count() == cards_before and not PrintJob.objects.exists()
    json.dumps([job, preview])
