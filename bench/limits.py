"""What the worst request each limit still allows costs the process that serves it.

    .venv/bin/python bench/limits.py             # every case, SQLite scratch database
    .venv/bin/python bench/limits.py deck json   # some of them
    .venv/bin/python bench/limits.py --help

Cases (settings.LIMITS, defaults in README "Limits and security"):

- preview: the largest /print/preview.png the limits allow (PRINT_MAX_ENTRIES
  distinct cards adding up to PRINT_MAX_CARDS, the sheet with most slots),
  served by the web view; and the request of issue #18 (300,000,000 copies)
  that is now refused.
- job: the largest print job (PRINT_MAX_CARDS distinct faces, backs, 5 mm
  bleed) made by the worker's service function.
- deck: POST /api/decks/validate/ with DECK_LIST_MAX_LINES unknown lines (the
  slowest list: every line needs a fuzzy name look-up), and 40,000 lines,
  refused.
- json: a body nested JSON_MAX_DEPTH deep (accepted, then refused as not a
  deck), and one nested 50,000 deep (refused at parsing).

Every case runs in a fresh child process (peak RSS is a high-water mark of the
whole process), after one small warm-up request, so "growth" is what the case
itself added. The goals of issue #18: growth ≤ 100 MB and CPU ≤ 2 s for any
web request; the worker's peak under 600 MB for the largest job.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.cases import case_parser, parsed_cases  # noqa: E402
from bench.sigterm import stop_on_sigterm  # noqa: E402

CASES = ("preview", "job", "deck", "json")


def _rss_mb() -> float:
    with open("/proc/self/statm") as handle:
        return int(handle.read().split()[1]) * os.sysconf("SC_PAGE_SIZE") / 2**20


def _peak_mb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024


def _measure_request(client, method: str, path: str, **kwargs) -> dict:
    before, peak_before = _rss_mb(), _peak_mb()
    cpu, wall = time.process_time(), time.perf_counter()
    response = getattr(client, method)(path, **kwargs)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - wall
    return {
        "status_code": response.status_code,
        "rss_growth_mb": round(max(0.0, _peak_mb() - max(before, peak_before)), 1),
        "cpu_s": round(cpu, 3),
        "wall_s": round(wall, 3),
    }


def case_preview() -> list[dict]:
    from django.test import Client

    from printing.measure import largest_preview_figures

    allowed = largest_preview_figures()
    query = (
        "page_size=a4&card_size=poker&quantity=1&margin_mm=5&gap_mm=0&bleed_mm=0&flip=long"
        "&back_offset_x=0&back_offset_y=0&cards=AFD-005:300000000"
    )
    refused = _measure_request(Client(), "get", f"/print/preview.png?{query}")
    refused["what"] = "preview of 300,000,000 copies (refused)"
    return [allowed, refused]


def case_job() -> list[dict]:
    from printing.measure import largest_job_figures

    return [largest_job_figures()]


def _validate(client, body: str) -> dict:
    return _measure_request(
        client, "post", "/api/decks/validate/", data=body, content_type="application/json"
    )


def case_deck() -> list[dict]:
    from django.conf import settings
    from django.test import Client

    client = Client()
    _validate(client, json.dumps({"game": "alomfogo", "list": "1 Éjlépő Kajtár"}))
    lines = settings.LIMITS["DECK_LIST_MAX_LINES"]
    width = max(8, settings.LIMITS["DECK_LIST_MAX_CHARS"] // lines - 3)
    unknown = "\n".join(f"1 {'Zq' * (width // 2)}{i:05d}"[: width + 2] for i in range(lines))
    allowed = _validate(client, json.dumps({"game": "alomfogo", "list": unknown}))
    allowed.update(what=f"deck list of {lines} unknown lines", chars=len(unknown))
    huge = "\n".join(f"1 Nincs ilyen kártya {i}" for i in range(40_000))
    refused = _validate(client, json.dumps({"game": "alomfogo", "list": huge}))
    refused.update(what="deck list of 40,000 lines (refused)", chars=len(huge))
    return [allowed, refused]


def case_json() -> list[dict]:
    from django.conf import settings
    from django.test import Client

    client = Client()
    _validate(client, "{}")
    depth = settings.LIMITS["JSON_MAX_DEPTH"]
    deepest = _validate(client, '{"list":' + "[" * (depth - 1) + "]" * (depth - 1) + "}")
    deepest["what"] = f"JSON nested {depth} deep (parsed, then refused as no deck)"
    refused = _validate(client, "[" * 50_000 + "]" * 50_000)
    refused["what"] = "JSON nested 50,000 deep (refused)"
    # The most objects a body can hold: Django reads at most
    # DATA_UPLOAD_MAX_MEMORY_SIZE bytes, and "[]," is the smallest element.
    size = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    elements = (size - 2) // 3
    widest = _validate(client, "[" + ",".join(["[]"] * elements) + "]")
    widest["what"] = f"JSON of {elements:,} empty arrays, {size:,} bytes (parsed, then refused)"
    return [deepest, refused, widest]


def child(case: str) -> None:
    import django

    django.setup()
    for figures in globals()[f"case_{case}"]():
        print(json.dumps(figures, ensure_ascii=False), flush=True)


def parse_args(argv: list[str] | None = None) -> argparse.Namespace:
    parser = case_parser(
        CASES,
        description=__doc__.splitlines()[0],
        epilog="Each case runs in a fresh child process on a scratch SQLite database.",
    )
    return parsed_cases(parser, CASES, argv)


def main(cases: list[str]) -> None:
    cases = list(cases) or list(CASES)
    stop_on_sigterm()  # the scratch folder goes as on Ctrl-C
    with tempfile.TemporaryDirectory(prefix="kartyavar-limits-") as var:
        env = {
            **{k: v for k, v in os.environ.items() if k not in {"DATABASE_URL", "REDIS_URL"}},
            "VAR_DIR": var,
            "DJANGO_SETTINGS_MODULE": "config.settings",
            "DEBUG": "0",
            "SECRET_KEY": "bench-" + "x" * 60,
            "ALLOWED_HOSTS": "testserver",
            "SECURE_SSL_REDIRECT": "0",
            "PYTHONUNBUFFERED": "1",
        }
        manage = [sys.executable, str(ROOT / "manage.py")]
        subprocess.run([*manage, "migrate", "-v0"], env=env, check=True, cwd=ROOT)
        subprocess.run([*manage, "load_cards", "-v0"], env=env, check=True, cwd=ROOT)
        subprocess.run(
            [*manage, "collectstatic", "--noinput", "-v0"], env=env, check=True, cwd=ROOT
        )
        for case in cases:
            run = subprocess.run(
                [sys.executable, __file__, "--child", case],
                env=env, cwd=ROOT, capture_output=True, text=True, check=False,
            )  # fmt: skip
            if run.returncode:
                print(f"{case}: failed\n{run.stderr[-3000:]}")
                continue
            for line in run.stdout.splitlines():
                if line.startswith("{"):
                    print(_describe(json.loads(line)))


def _describe(f: dict) -> str:
    what = f.pop("what")
    if "peak_rss_mb" in f and "rss_growth_mb" not in f:
        head = f"peak RSS {f['peak_rss_mb']} MB, CPU {f['cpu_s']} s"
    else:
        head = f"HTTP {f.get('status_code')}, +{f['rss_growth_mb']} MB, CPU {f['cpu_s']} s"
    rest = ", ".join(
        f"{k}={v}" for k, v in f.items() if k not in {"peak_rss_mb", "rss_growth_mb", "cpu_s"}
    )
    return f"{what}: {head}  ({rest})"


if __name__ == "__main__":
    arguments = parse_args()
    if arguments.child:
        child(arguments.child)
    else:
        main(arguments.cases)
