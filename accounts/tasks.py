"""Celery tasks of accounts: thin, they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from accounts import services

# The mail server refused or timed out: smtplib's errors are OSErrors.
_MAILS = {
    "ignore_result": True,
    "autoretry_for": (OSError,),
    "retry_backoff": True,
    "max_retries": 3,
}


@shared_task(name="accounts.send_password_reset_mail", **_MAILS)
def send_password_reset_mail(user_ids: list[int], domain: str, use_https: bool) -> None:
    """One reset mail to the mailbox of these accounts (the ids, never the address, travel
    through the broker and its logs)."""
    services.password_reset_send(user_ids=user_ids, domain=domain, use_https=use_https)


@shared_task(name="accounts.send_password_reset", **_MAILS)
def send_password_reset(user_id: int, domain: str, use_https: bool) -> None:
    """One account's reset mail: kept for the tasks queued before a mail listed them all."""
    services.password_reset_send(user_ids=[user_id], domain=domain, use_https=use_https)
