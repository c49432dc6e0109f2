"""The API schema documents the error answers every operation can give.

Every refusal has one body, ``{"error": {"code", "message", ...}}`` (core.api,
core.refusals). drf-spectacular documents only the success answers a view
declares, so a client (or a schema checker) would meet undocumented 400s,
404s and 429s. This hook adds the shared Error component and the 4xx answers
the site's edges can give to every operation that does not describe them
itself.
"""

from __future__ import annotations

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
# allowed, not found (or not yours), an address too long, too many requests.
_ANY = {
    "400": "The request is malformed or a value is out of bounds; nothing changed.",
    "401": "Credentials are missing or wrong.",
    "403": "Signed in, but not allowed to do this.",
    "404": "Not found, or not yours to see.",
    "414": "The address is too long.",
    "429": "Too many requests or attempts; wait and try again.",
}
# Writes can also meet the current state: a stale version, a finished match.
_WRITES = {
    "409": "The request conflicts with the current state; nothing changed.",
    "413": "The request body is too large.",
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
                responses.setdefault(status, {"description": description, "content": body})
    return result
