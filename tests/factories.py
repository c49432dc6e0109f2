"""Factory functions for model rows used across the tests."""

from __future__ import annotations

from accounts.models import User
from collection import services as collection_services
from collection import trades
from collection.models import TradeProposal

PASSWORD = "kartya-var-2026!"


def make_user(username: str = "player", *, language: str = "hu", **fields) -> User:
    user = User(username=username, language=language, **fields)
    user.set_password(PASSWORD)
    user.save()
    return user


def own(user, **counts: int) -> None:
    """Set `user`'s collection counts, codes spelled as names: `own(user, AF1_001=3)`."""
    for code, count in counts.items():
        collection_services.collection_set_count(
            user=user, code=code.replace("_", "-"), count=count
        )


def propose(maker, to, gives=None, gets=None, **more) -> TradeProposal:
    """`maker`'s trade proposal to `to`: `gives` and `gets` map card codes to counts.

    Both players show their lists first, as players who trade do (collection.trades).
    """
    for player in (maker, to):
        trades.trade_lists_open(user=player, open=True)
    return trades.proposal_create(
        maker=maker, partner_id=to.pk, gives=gives or {}, gets=gets or {}, **more
    )


def deck_print_job(user, deck, **fields):
    """A print job of the deck's first version as a worker would leave it at `status`
    (queued unless given), written straight to the table: no task runs."""
    from printing.models import PrintJob, SourceKind, Status

    return PrintJob.objects.create(
        user=user,
        source_kind=SourceKind.DECK,
        deck_version=deck.versions.first(),
        cards=[],
        title=deck.name,
        options={},
        content_hash="x",
        **{"status": Status.QUEUED, **fields},
    )
