"""Cards get sort_name_en, and the folded columns lose invisible formatting.

`order:name` on an English page sorts by the name it shows (sort_name_en).
catalog.text.fold now drops format characters (soft hyphen, zero-width space,
direction marks) instead of making them word breaks, so a card whose name or
text holds one is refolded here, with its word index: `load_cards` rewrites
only the cards whose data changed and would leave it unfindable by the word
the reader sees.
"""

from django.db import migrations, models

from catalog.text import fold_words
from catalog.tokens import card_words

FOLDED = ("search_name", "search_text", "search_flavor")


def fill_sort_names_and_refold(apps, schema_editor):
    Card = apps.get_model("catalog", "Card")
    CardToken = apps.get_model("catalog", "CardToken")
    batch = []  # written 500 at a time: a large catalog is never held whole
    for card in Card.objects.order_by("pk").iterator(chunk_size=500):
        card.sort_name_en = fold_words(card.name_en or card.name)
        before = [getattr(card, column) for column in FOLDED]
        # as Card.refresh_search_fields, which a migration's model does not have
        card.search_name = f" {fold_words(card.name)} | {fold_words(card.name_en)} "
        card.search_text = f" {fold_words(card.text)} | {fold_words(card.text_en)} "
        card.search_flavor = f" {fold_words(card.flavor)} "
        card.refolded = before != [getattr(card, column) for column in FOLDED]
        batch.append(card)
        if len(batch) == 500:
            _write(Card, CardToken, batch)
            batch = []
    _write(Card, CardToken, batch)


def _write(Card, CardToken, batch):
    Card.objects.bulk_update(batch, ["sort_name_en", *FOLDED])
    refolded = [card for card in batch if card.refolded]
    CardToken.objects.filter(card__in=[card.pk for card in refolded]).delete()
    CardToken.objects.bulk_create(
        CardToken(card=card, field=field, word=word)
        for card in refolded
        for field, word in sorted(card_words(card))
    )


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0003_set_description_en"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="sort_name_en",
            field=models.CharField(db_index=True, default="", editable=False, max_length=420),
        ),
        # Back: nothing to undo, the column goes with the field and the
        # old folding would only break the words again.
        migrations.RunPython(fill_sort_names_and_refold, migrations.RunPython.noop),
    ]
