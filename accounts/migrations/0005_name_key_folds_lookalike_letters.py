from django.db import migrations


def refill_name_keys(apps, schema_editor):
    """Key every player's username again: the key now folds a Turkish ı and İ and the
    letters drawn like a Latin letter (accounts.names.name_key).

    As in migration 0004: where two players' names now share a key ("alice" and
    "alıce", both registered before), the oldest account (lowest pk) gets it and
    the later ones keep their name with a NULL key, so nobody is locked out or
    renamed; nobody new can take the name. Every key is cleared first, then
    filled: filled in place, a player's new key could meet the old key another
    player still holds (the column is unique).
    """
    from accounts.names import NAME_KEY_MAX_LENGTH, name_key

    User = apps.get_model("accounts", "User")
    User.objects.update(name_key=None)
    taken = set()
    batch = []  # written 500 at a time: a large user table is never held whole
    for user in User.objects.order_by("pk").only("pk", "username", "name_key").iterator():
        key = name_key(user.username)
        user.name_key = None if key in taken or len(key) > NAME_KEY_MAX_LENGTH else key
        taken.add(key)
        batch.append(user)
        if len(batch) == 500:
            User.objects.bulk_update(batch, ["name_key"])
            batch = []
    User.objects.bulk_update(batch, ["name_key"])


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0004_user_name_key"),
    ]

    operations = [
        # Back: the keys stay as they are, folded further than 0004's (still unique).
        migrations.RunPython(refill_name_keys, migrations.RunPython.noop),
    ]
