"""What a form on a page is bound to, and the field every textarea posts through."""

from __future__ import annotations

from django import forms
from django.http import HttpRequest, QueryDict
from django.utils.datastructures import MultiValueDict

from core.text import line_feeds


def changed_columns(form: forms.ModelForm) -> list[str]:
    """The fields `form` changed that are columns of its model's row: the `update_fields`
    of its save. Another request may write the row's other columns in the meantime (the
    trade lists switch, a new password); a save of every column would put back the
    values this form's instance read before that."""
    columns = {field.name for field in form._meta.model._meta.concrete_fields}
    return [name for name in form.changed_data if name in columns]


def posted(request: HttpRequest) -> QueryDict | None:
    """The fields a POST sent, even none at all; None for a GET (the form unbound).

    `request.POST or None` took an empty POST for a GET: the form stayed unbound,
    had no errors to show, and the page answered 400 without a reason.
    """
    return request.POST if request.method == "POST" else None


def posted_files(request: HttpRequest) -> MultiValueDict | None:
    """The files a POST sent (perhaps none); None for a GET."""
    return request.FILES if request.method == "POST" else None


class MultilineField(forms.CharField):
    """Text typed into a textarea, its line breaks made "\\n" before anything measures it.

    A browser counts a line break as one character against the box's `maxlength`
    but sends "\\r\\n": measured as sent, a text the box allowed would be refused
    by `max_length` (or by a service's limit) as too long. Every form field of
    multi-line text uses this one, so each check sees the text as it was typed.
    """

    widget = forms.Textarea

    def to_python(self, value):
        value = super().to_python(value)
        return line_feeds(value) if isinstance(value, str) else value
