"""Every tag, variable and comment of the project's templates opens and closes on one line.

Django's template lexer reads `{# … #}`, `{% … %}` and `{{ … }}` only within a line: one
that runs on to the next line is not template syntax at all but page text, and the visitor
reads it (the pages of a deck's history showed a two-line `{# … #}` comment twice). A
comment longer than a line is `{% comment %} … {% endcomment %}`.
"""

from __future__ import annotations

from pathlib import Path

from django.conf import settings
from django.template.base import Lexer, TokenType
from django.template.utils import get_app_template_dirs

OPENERS = ("{#", "{%", "{{")


def project_template_dirs() -> list[Path]:
    """The folders Django looks for templates in that belong to this project (not the venv's)."""
    base = Path(settings.BASE_DIR).resolve()
    dirs = [Path(d) for engine in settings.TEMPLATES for d in engine.get("DIRS", [])]
    dirs += [Path(d) for d in get_app_template_dirs("templates")]
    return sorted(
        {
            d.resolve()
            for d in dirs
            if d.resolve().is_relative_to(base) and ".venv" not in d.resolve().parts
        }
    )


def split_across_lines(source: str) -> list[tuple[int, str]]:
    """(line, what it starts with) of each opener the lexer left as plain text."""
    found = []
    for token in Lexer(source).tokenize():
        if token.token_type != TokenType.TEXT:
            continue
        for opener in OPENERS:
            at = token.contents.find(opener)
            if at >= 0:
                line = token.lineno + token.contents.count("\n", 0, at)
                found.append((line, token.contents[at : at + 60]))
    return found


def test_a_comment_over_two_lines_is_found():
    two_lines = "{% load i18n %}{# one\n two #}\n<p>{% translate 'x' %}</p>"
    assert split_across_lines(two_lines) == [(1, "{# one\n two #}\n<p>")]
    assert split_across_lines("{% comment %}one\ntwo{% endcomment %}{# one line #}") == []


def test_no_template_syntax_runs_on_to_the_next_line():
    dirs = project_template_dirs()
    assert dirs, "no template folder found"
    broken = []
    for folder in dirs:
        for path in sorted(folder.rglob("*")):
            if path.is_file():
                for line, text in split_across_lines(path.read_text(encoding="utf-8")):
                    broken.append(f"{path.relative_to(folder.parent)}:{line}: {text!r}")
    assert not broken, "template syntax split over lines shows as page text:\n" + "\n".join(broken)
