"""Print job API: create a job (or make one again), watch it, download or delete its file."""

from __future__ import annotations

from django.urls import reverse
from django.utils.translation import gettext_lazy
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import IgnoreAccept
from core.hungarian import percent_filled
from core.serializer_fields import (
    ID_MAX,
    CountedListSerializer,
    NoBodySerializer,
    StrictIntegerField,
    validated,
)
from printing import limits, selectors, services, views
from printing import options as print_options
from printing.models import PrintJob, Status


class PrintCardListSerializer(CountedListSerializer):
    """A `cards` list; one longer than a print job may list is refused before any item is read."""

    most = staticmethod(limits.max_entries)
    too_many = staticmethod(limits.too_many_entries)


class PrintCardSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32)
    count = StrictIntegerField(minimum=1, maximum=limits.MAX_COUNT, default=1)

    class Meta:
        list_serializer_class = PrintCardListSerializer


class _OptionField:
    """A print option's field that refuses a value of another JSON type as the service
    refuses a value it cannot use: 400 `bad_option`, naming the option.

    DRF reads `true` as the length 1.0 and `0` as the flag false: a client that sent the
    wrong type got a sheet it did not ask for.
    """

    refusal: str  # each field's message (lazily translated), naming the option as %(name)s

    def accepts(self, data) -> bool:
        return True

    def to_internal_value(self, data):
        if self.accepts(data):
            try:
                return super().to_internal_value(data)
            except serializers.ValidationError:
                pass
        # the child of the offset's list has no name of its own: its parent's names it
        name = self.field_name or getattr(self.parent, "field_name", "")
        params = {"name": name}
        message = percent_filled(str(self.refusal), params)
        raise services.PrintOptionsError("bad_option", message)


class OptionFlag(_OptionField, serializers.BooleanField):
    """JSON true or false, or the words a form sends for them ("on", "true", "0")."""

    def accepts(self, data) -> bool:
        return isinstance(data, bool | str)  # a number is no flag

    refusal = gettext_lazy("“%(name)s” is true or false.")


class OptionLength(_OptionField, serializers.FloatField):
    def accepts(self, data) -> bool:
        return not isinstance(data, bool)  # Python's bool is an int: float(True) is 1.0

    refusal = gettext_lazy("“%(name)s” must be a number.")


class OptionOffset(_OptionField, serializers.ListField):
    def __init__(self, **kwargs) -> None:
        super().__init__(child=OptionLength(), min_length=2, max_length=2, **kwargs)

    refusal = gettext_lazy("The back offset is two numbers: dx and dy.")


def _option_field(option: print_options.Option) -> serializers.Field:
    """The API field of one print option; the service checks the value against its limits.

    Lengths are left unbounded here so that the service's refusal (which
    names the option) is the one given; choices are free strings, which the
    service reads as the form does (``Option.key``: any case) and refuses
    with its own words, or for page and card size the layout's, naming the
    sizes it knows.
    """
    if option.kind == "flag":
        return OptionFlag(required=False)
    if option.kind == "mm":
        return OptionLength(required=False)
    if option.kind == "offset":
        return OptionOffset(required=False)
    if option.kind == "count":
        return StrictIntegerField(required=False, minimum=option.low, maximum=option.high)
    return serializers.CharField(required=False, max_length=32)


class PrintJobInputSerializer(serializers.Serializer):
    deck = StrictIntegerField(required=False, minimum=1, maximum=ID_MAX)
    again = serializers.UUIDField(
        required=False, help_text="Make this earlier job of yours again (same cards, options)."
    )
    set = serializers.CharField(required=False, max_length=16)
    cards = PrintCardSerializer(many=True, required=False)

    def get_fields(self) -> dict:
        fields = super().get_fields()
        fields.update((option.name, _option_field(option)) for option in print_options.OPTIONS)
        return fields


def job_payload(job: PrintJob, request) -> dict:
    body = {
        "id": str(job.pk),
        "title": job.title,
        "status": job.shown_status,
        "progress": job.progress,
        "pages": job.pages,
        "cards": job.cards,
        "options": job.options,
        "created_at": job.created_at,
        "expires_at": job.expires_at,
        "file_size": job.file_size if job.status == Status.DONE else 0,
        # Why it failed, in the reader's language, and as a code a client can act on
        # (a printing.models.Failure; empty for none, and for jobs failed before the codes).
        "error": job.error_message,
        "error_code": job.error_code,
    }
    if job.expired:
        body["message"] = services.expired_message(job)
    elif job.status == Status.DONE:
        body["download_url"] = request.build_absolute_uri(
            reverse("api:print-job-download", args=[job.pk])
        )
    if job.expired or job.status == Status.FAILED:
        # Making it again is a new job: POST this body to the list endpoint.
        body["again"] = {
            "method": "POST",
            "url": request.build_absolute_uri(reverse("api:print-job-list")),
            "body": {"again": str(job.pk)},
        }
    return body


class PrintJobListApi(APIView):
    """POST a deck, a set or a card list with options; the sheets are made in the background.

    ``{"again": "<id>"}`` makes an earlier job of yours again, with its cards
    and options. 400 for a request over a job's limits, 429 when you already
    have jobs being made, 409 when your kept files fill your space.
    """

    permission_classes = [permissions.AllowAny]

    @extend_schema(
        request=PrintJobInputSerializer,
        responses={
            201: OpenApiTypes.OBJECT,
            503: OpenApiResponse(
                description="`queue_down`: the job queue cannot take a job now; nothing was "
                "made, ask again in a moment."
            ),
        },
    )
    def post(self, request):
        data = validated(PrintJobInputSerializer, request.data)
        if "again" in data:
            job = views.job_made_for(request, services.print_job_again, job_id=data["again"])
            return Response(job_payload(job, request), status=status.HTTP_201_CREATED)
        source = {k: data[k] for k in ("deck", "set", "cards") if k in data}
        options = {k: v for k, v in data.items() if k not in ("deck", "set", "cards")}
        job = views.job_made_for(request, services.print_job_create, source=source, options=options)
        return Response(job_payload(job, request), status=status.HTTP_201_CREATED)


class PrintJobDetailApi(APIView):
    """A job of yours; DELETE removes it and its file (not while it is being made: 409)."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, job_id):
        job = services.print_job_for(
            job_id=job_id, user=request.user, session_key=request.session.session_key or ""
        )
        return Response(job_payload(job, request))

    @extend_schema(responses={204: None})
    def delete(self, request, job_id):
        validated(NoBodySerializer, request.data)
        services.print_job_delete(
            job_id=job_id, user=request.user, session_key=request.session.session_key or ""
        )
        return Response(status=status.HTTP_204_NO_CONTENT)


class PrintJobDownloadApi(APIView):
    permission_classes = [permissions.AllowAny]
    content_negotiation_class = IgnoreAccept  # the PDF, whatever Accept says

    @extend_schema(
        responses={
            (200, "application/pdf"): OpenApiTypes.BINARY,
            410: OpenApiResponse(
                description="`expired`: the file was deleted; the job's `again` makes it anew."
            ),
        }
    )
    def get(self, request, job_id):
        job = services.print_job_for(
            job_id=job_id, user=request.user, session_key=request.session.session_key or ""
        )
        return views.download_response(request, job, filename=selectors.print_job_file_name(job))
