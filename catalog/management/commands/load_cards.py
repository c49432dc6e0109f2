"""Load card data files into the catalog: check them all, then upsert in one transaction."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog.services import CardDataError, card_files_load


class Command(BaseCommand):
    help = (
        "Check card data files (default: every catalog/data/<game>/*.json) and, when none has "
        "a problem, create or update their games, sets and cards in one transaction."
    )

    def add_arguments(self, parser):
        parser.add_argument("paths", nargs="*", type=Path, help="card files (default: all shipped)")

    def handle(self, *args, paths: list[Path], **options):
        try:
            report = card_files_load(paths=paths or None)
        except CardDataError as error:
            for problem in error.problems:
                self.stderr.write(str(problem))
            raise CommandError(error.message) from None
        if options["verbosity"] >= 1:
            self.stdout.write(f"Loaded {len(report.files)} files.")
            self.stdout.write(report.summary())
