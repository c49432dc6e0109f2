"""Import a CSV card list (columns in docs/card-data.md, "CSV import") into a set."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog import vocab
from catalog.services import CardDataError, cards_csv_import


class Command(BaseCommand):
    help = (
        "Check a CSV card list and, when no row has a problem, create or update its cards in "
        "the given set (created if new, with provenance 'imported')."
    )

    def add_arguments(self, parser):
        parser.add_argument("file", type=Path, help="UTF-8 CSV file")
        parser.add_argument("--game", required=True, choices=vocab.GAME_IDS)
        parser.add_argument("--set", required=True, dest="set_code", metavar="CODE")
        parser.add_argument(
            "--set-name", dest="set_name", help="the set's name (required for a new set)"
        )
        parser.add_argument(
            "--dry-run", action="store_true", help="check and report, change nothing"
        )

    def handle(self, *args, file: Path, game, set_code, set_name, dry_run, **options):
        try:
            text = file.read_text(encoding="utf-8")
        except (OSError, UnicodeDecodeError) as error:
            raise CommandError(f"{file}: cannot be read as UTF-8 text: {error}") from None
        try:
            report = cards_csv_import(
                text=text,
                game=game,
                set_code=set_code,
                set_name=set_name,
                source=str(file),
                dry_run=dry_run,
            )
        except CardDataError as error:
            for problem in error.problems:
                self.stderr.write(str(problem))
            raise CommandError(error.message) from None
        if options["verbosity"] >= 1:
            if dry_run:
                self.stdout.write("Dry run: nothing was saved. The import would give:")
            self.stdout.write(report.summary())
