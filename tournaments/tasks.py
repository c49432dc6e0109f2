"""Celery tasks of tournaments: the round clock, so no web request has to wait for it."""

from celery import shared_task

from tournaments import services


@shared_task(name="tournaments.round_clock", acks_late=True)
def round_clock(round_id: int) -> int:
    """When a round's time is up: games nobody started go to whoever was ready.

    Scheduled when the round starts (services._new_round); idempotent, so a
    repeated delivery or an early run does nothing. If the task is lost, the
    event's pages run the same check (services.expire_overdue).
    """
    return services.expire_round(round_id=round_id)
