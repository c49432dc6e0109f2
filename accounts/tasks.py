"""Celery tasks of accounts: thin, they take ids and call the service."""

from __future__ import annotations

from celery import shared_task

from accounts import services


@shared_task(
    name="accounts.send_password_reset",
    ignore_result=True,
    autoretry_for=(OSError,),  # the mail server refused or timed out (smtplib errors are OSErrors)
    retry_backoff=True,
    max_retries=3,
)
def send_password_reset(user_id: int, domain: str, use_https: bool) -> None:
    services.password_reset_send(user_id=user_id, domain=domain, use_https=use_https)
