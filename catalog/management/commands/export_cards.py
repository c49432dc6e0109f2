"""Write the catalog back to card data files, one per set."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog import vocab
from catalog.records import DATA_DIR
from catalog.services import card_files_export


class Command(BaseCommand):
    help = (
        "Write one card file per set to OUT/<game>/ (default OUT: catalog/data, that is, "
        "rewrite the shipped files in place)."
    )

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, default=DATA_DIR, help="output folder")
        parser.add_argument(
            "--game",
            action="append",
            dest="games",
            metavar="GAME",
            help=f"only this game (repeatable): {', '.join(vocab.GAME_IDS)}",
        )

    def handle(self, *args, out: Path, games: list[str] | None, **options):
        unknown = sorted(set(games or ()) - set(vocab.GAME_IDS))
        if unknown:
            raise CommandError(
                f"unknown game {', '.join(unknown)}; known: {', '.join(vocab.GAME_IDS)}"
            )
        written = card_files_export(out_dir=out, games=games)
        if options["verbosity"] >= 1:
            for path in written:
                self.stdout.write(str(path))
            self.stdout.write(f"Wrote {len(written)} files.")
