"""The API schema documents the error answers every operation can give.

Every refusal has one body, ``{"error": {"code", "message", ...}}`` (core.api,
core.refusals). drf-spectacular documents only the success answers a view
declares, so a client (or a schema checker) would meet undocumented 400s,
404s and 429s. This hook adds the shared Error component and the 4xx answers
the site's edges can give to every operation that does not describe them
itself, and gives the Error body to every 4xx and 5xx a view describes only
in words.
"""

from __future__ import annotations

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_cache_control
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from drf_spectacular.views import SCHEMA_KWARGS, SpectacularAPIView
from rest_framework.response import Response

# A conditional GET (an ETag): the header a client sends, and the answer it gets back.
IF_NONE_MATCH = OpenApiParameter(
    "If-None-Match",
    str,
    OpenApiParameter.HEADER,
    description="the ETag of the copy you have: 304 while it is current",
)
NOT_MODIFIED = OpenApiResponse(description="Not modified: your copy is current (no body).")

ERROR_SCHEMA = {
    "type": "object",
    "properties": {
        "error": {
            "type": "object",
            "properties": {
                "code": {"type": "string", "description": "A stable machine-readable reason."},
                "message": {
                    "type": "string",
                    "description": "The reason, in the reader's language.",
                },
            },
            "required": ["code", "message"],
            "additionalProperties": True,
        }
    },
    "required": ["error"],
}

# Any operation: a malformed parameter or body, no or bad credentials, not
# allowed, not found (or not yours), an Accept header naming no type the
# operation answers in, an address too long, too many requests.
_ANY = {
    "400": "The request is malformed or a value is out of bounds; nothing changed.",
    "401": "Credentials are missing or wrong.",
    "403": "Signed in, but not allowed to do this.",
    "404": "Not found, or not yours to see.",
    "406": "`not_acceptable`: the Accept header names no type this operation answers in.",
    "414": "The address is too long.",
    "429": "Too many requests or attempts; wait and try again.",
}
# Writes can also meet the current state (a stale version, a finished match),
# and a body is read as JSON, a form or multipart only (DEFAULT_PARSER_CLASSES).
_WRITES = {
    "409": "The request conflicts with the current state; nothing changed.",
    "413": "The request body is too large.",
    "415": "`unsupported_media_type`: the body is not JSON, a form or multipart.",
}


def add_error_responses(result, generator, request, public):
    """drf-spectacular postprocessing hook (SPECTACULAR_SETTINGS)."""
    schemas = result.setdefault("components", {}).setdefault("schemas", {})
    schemas.setdefault("Error", ERROR_SCHEMA)
    body = {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}}
    for path_item in result.get("paths", {}).values():
        for method, operation in path_item.items():
            if not isinstance(operation, dict) or "responses" not in operation:
                continue
            answers = dict(_ANY)
            if method.lower() in {"post", "put", "patch", "delete"}:
                answers.update(_WRITES)
            responses = operation["responses"]
            for status, description in answers.items():
                responses.setdefault(status, {"description": description})
            for status, response in responses.items():
                # a view's own refusal, described in words only, has the same body
                if status[0] in "45":
                    response.setdefault("content", body)
    return result


class SchemaApi(SpectacularAPIView):
    """The API schema, built once per process and language.

    Building it is a few hundred milliseconds of CPU. A shared page cache keyed it by the
    whole address and the Vary headers (Cookie, Accept), so a made-up query string or
    cookie made a fresh build and a 270 KB cache entry each time, pushing out the
    counters the rate limits keep in the same cache. Here nothing a visitor sends makes
    a key: the schema follows from the code and the language (`?lang=` if it is one of
    ours, else the visitor's), and a new deploy is a new process.
    """

    _built: dict[str, dict] = {}

    @extend_schema(**SCHEMA_KWARGS)
    def get(self, request, *args, **kwargs):
        wanted = request.GET.get("lang")
        language = wanted if wanted in dict(settings.LANGUAGES) else translation.get_language()
        with translation.override(language):
            schema = self._built.get(language)
            if schema is None:
                generator = self.generator_class(urlconf=self.urlconf, patterns=self.patterns)
                schema = generator.get_schema(request=request, public=self.serve_public)
                self._built[language] = schema
            response = Response(
                data=schema,
                headers={
                    "Content-Disposition": f'inline; filename="{self._get_filename(request, None)}"'
                },
            )
        patch_cache_control(response, max_age=60 * 60)  # a browser or proxy may keep it too
        return response
