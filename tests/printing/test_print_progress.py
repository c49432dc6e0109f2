"""Issue #19: a multi-page print job's progress moves through its faces and pages, not 0 → 100."""

from __future__ import annotations

import pytest

from printing import pdf, services
from printing.models import PrintJob, Status

pytestmark = pytest.mark.django_db


@pytest.fixture
def deck(make_deck):
    return make_deck("Sokoldalas")


def test_the_job_row_shows_progress_at_every_page_written(owner, deck, monkeypatch):
    job = services.print_job_create(
        user=owner, session_key="", source={"deck": deck.pk}, options={}
    )
    seen: list[int] = []  # the row's progress, as the job page would read it, at each page end
    original = pdf.new_canvas

    def watched_canvas(*args, **kwargs):
        canvas = original(*args, **kwargs)
        show_page = canvas.showPage

        def show_page_and_look():
            seen.append(PrintJob.objects.get(pk=job.pk).progress)
            show_page()

        canvas.showPage = show_page_and_look
        return canvas

    monkeypatch.setattr(pdf, "new_canvas", watched_canvas)

    services.print_job_run(str(job.pk))

    job.refresh_from_db()
    assert (job.status, job.progress, job.pages) == (Status.DONE, 100, 10)
    assert len(seen) == 10  # 45 cards, 9 a sheet: 5 fronts and 5 backs
    # the faces were drawn first and counted before the first page ends ...
    assert 0 < seen[0] < 100
    # ... and every page written moves the bar on, short of done
    assert all(a < b for a, b in zip(seen, seen[1:], strict=False)), seen
    assert seen[-1] < 100
