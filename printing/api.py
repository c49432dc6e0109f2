"""Print job API: create a job, watch it, download its file."""

from __future__ import annotations

from django.http import FileResponse, Http404
from django.urls import reverse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers, status
from rest_framework.response import Response
from rest_framework.views import APIView

from core.sessions import ensure_session_key
from printing import services
from printing.models import PrintJob, Status


class PrintCardSerializer(serializers.Serializer):
    code = serializers.CharField(max_length=32)
    count = serializers.IntegerField(min_value=1, max_value=99, default=1)


class PrintJobInputSerializer(serializers.Serializer):
    deck = serializers.IntegerField(required=False)
    set = serializers.CharField(required=False, max_length=16)
    cards = PrintCardSerializer(many=True, required=False)
    page_size = serializers.CharField(required=False)
    landscape = serializers.BooleanField(required=False)
    card_size = serializers.CharField(required=False)
    bleed_mm = serializers.FloatField(required=False)
    gap_mm = serializers.FloatField(required=False)
    margin_mm = serializers.FloatField(required=False)
    crop_marks = serializers.BooleanField(required=False)
    cut_lines = serializers.BooleanField(required=False)
    backs = serializers.BooleanField(required=False)
    flip = serializers.ChoiceField(choices=["long", "short"], required=False)
    back_offset_mm = serializers.ListField(
        child=serializers.FloatField(), min_length=2, max_length=2, required=False
    )
    quantity = serializers.IntegerField(required=False)


def job_payload(job: PrintJob, request) -> dict:
    body = {
        "id": str(job.pk),
        "title": job.title,
        "status": job.status,
        "progress": job.progress,
        "pages": job.pages,
        "options": job.options,
        "created_at": job.created_at,
        "error": job.error,
    }
    if job.status == Status.DONE:
        body["download_url"] = request.build_absolute_uri(
            reverse("api:print-job-download", args=[job.pk])
        )
    return body


class PrintJobListApi(APIView):
    """POST a deck, a set or a card list with options; the sheets are made in the background."""

    permission_classes = [permissions.AllowAny]

    @extend_schema(request=PrintJobInputSerializer, responses={201: OpenApiTypes.OBJECT})
    def post(self, request):
        serializer = PrintJobInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        source = {k: data[k] for k in ("deck", "set", "cards") if k in data}
        options = {k: v for k, v in data.items() if k not in ("deck", "set", "cards")}
        job = services.print_job_create(
            user=request.user,
            session_key=ensure_session_key(request),
            source=source,
            options=options,
        )
        return Response(job_payload(job, request), status=status.HTTP_201_CREATED)


class PrintJobDetailApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={200: OpenApiTypes.OBJECT})
    def get(self, request, job_id):
        job = services.print_job_for(
            job_id=job_id, user=request.user, session_key=request.session.session_key or ""
        )
        return Response(job_payload(job, request))


class PrintJobDownloadApi(APIView):
    permission_classes = [permissions.AllowAny]

    @extend_schema(responses={(200, "application/pdf"): OpenApiTypes.BINARY})
    def get(self, request, job_id):
        job = services.print_job_for(
            job_id=job_id, user=request.user, session_key=request.session.session_key or ""
        )
        if job.status != Status.DONE or not job.file:
            raise Http404
        return FileResponse(
            job.file.open("rb"),
            as_attachment=True,
            filename="kartyavar.pdf",
            content_type="application/pdf",
        )
