"""Celery tasks of play: bots move here, so no web process waits for one."""

from celery import shared_task

from play import services


@shared_task(name="play.wake_stalled_bots", ignore_result=True)
def wake_stalled_bots() -> int:
    return services.bots_wake_stalled()


@shared_task(name="play.call_off_stale_waiting_matches")
def call_off_stale_waiting_matches() -> int:
    return services.matches_call_off_stale()


@shared_task(name="play.bot_move", acks_late=True)
def bot_move(match_id: str, version: int) -> bool:
    return services.bot_move(match_id=match_id, version=version)
