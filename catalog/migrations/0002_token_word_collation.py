"""PostgreSQL: compare index words byte-wise, as SQLite does.

catalog.tokens finds "words starting with x" as the range x <= word < x'
(x with its last letter raised by one). That holds only under a byte-order
collation; a linguistic one (en_US.UTF-8) sorts ':' or '{' differently.
"""

from django.db import migrations


def use_c_collation(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        schema_editor.execute(
            'ALTER TABLE catalog_cardtoken ALTER COLUMN word TYPE varchar(64) COLLATE "C"'
        )


class Migration(migrations.Migration):
    dependencies = [("catalog", "0001_initial")]

    operations = [migrations.RunPython(use_c_collation, migrations.RunPython.noop)]
