"""Cards sort by name in each language's alphabet (catalog.collation), not folded.

sort_name_hu is new (the Hungarian page sorted by the folded search_name, which put
"Csónak" before "Cukor" and "Öregember" among the O's); sort_name_en is now an ICU
key of the English name instead of the name folded.
"""

from django.db import migrations, models

from catalog.collation import name_order


def fill_sort_names(apps, schema_editor):
    Card = apps.get_model("catalog", "Card")
    batch = []  # written 500 at a time: a large catalog is never held whole
    for card in Card.objects.order_by("pk").iterator(chunk_size=500):
        # as Card.refresh_search_fields, which a migration's model does not have
        card.sort_name_hu = name_order(card.name, "hu")
        card.sort_name_en = name_order(card.name_en or card.name, "en")
        batch.append(card)
        if len(batch) == 500:
            Card.objects.bulk_update(batch, ["sort_name_hu", "sort_name_en"])
            batch = []
    Card.objects.bulk_update(batch, ["sort_name_hu", "sort_name_en"])


class Migration(migrations.Migration):
    dependencies = [
        ("catalog", "0004_card_sort_name_en"),
    ]

    operations = [
        migrations.AddField(
            model_name="card",
            name="sort_name_hu",
            field=models.CharField(db_index=True, default="", editable=False, max_length=255),
        ),
        migrations.AlterField(
            model_name="card",
            name="sort_name_en",
            field=models.CharField(db_index=True, default="", editable=False, max_length=255),
        ),
        # Back: the folded English names would come back only by running 0004's fill.
        migrations.RunPython(fill_sort_names, migrations.RunPython.noop),
    ]
