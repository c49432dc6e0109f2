"""Render card faces: a contact sheet per game for review, or warm the face cache."""

from __future__ import annotations

import os
import time
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError

from catalog import render, sheets, vocab
from catalog.models import Card


class Command(BaseCommand):
    help = "Render the faces of the chosen games into contact sheets (--out) or the cache (--warm)."

    def add_arguments(self, parser):
        parser.add_argument("--game", action="append", choices=vocab.GAME_IDS, help="repeatable")
        parser.add_argument("--out", type=Path, help="folder for <game>-sheet.png")
        parser.add_argument(
            "--warm", action="store_true", help="render missing faces into the cache"
        )
        parser.add_argument("--workers", type=int, default=os.cpu_count() or 1)
        parser.add_argument("--columns", type=int, default=8)
        parser.add_argument("--scale", type=float, default=0.25)

    def handle(self, *args, game, out, warm, workers, columns, scale, **options):
        if not out and not warm:
            raise CommandError(
                "Say what to do: --out DIR for contact sheets, --warm for the cache."
            )
        games = game or list(vocab.GAME_IDS)
        for slug in games:
            cards = Card.objects.filter(game__slug=slug).select_related("game", "card_set")
            records = [render.face_record(card) for card in cards]
            if not records:
                self.stderr.write(f"{slug}: no cards loaded (run load_cards first)")
                continue
            started = time.perf_counter()
            if warm:
                sheets.warm_cache(records, cache_dir=render.default_cache_dir(), workers=workers)
            if out:
                faces = sheets.render_all(records, workers=workers)
                out.mkdir(parents=True, exist_ok=True)
                path = out / f"{slug}-sheet.png"
                sheets.contact_sheet(faces, columns=columns, scale=scale).save(path, optimize=True)
                self.stdout.write(f"{slug}: {path}")
            seconds = time.perf_counter() - started
            self.stdout.write(
                f"{slug}: {len(records)} faces in {seconds:.1f} s with {workers} process(es)"
            )
