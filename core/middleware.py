"""Language selection: Hungarian unless the visitor chose English."""

from django.conf import settings
from django.utils import translation
from django.utils.cache import patch_vary_headers

SUPPORTED = {code for code, _name in settings.LANGUAGES}


def chosen_language(request) -> str:
    """The language of this request.

    Django's LocaleMiddleware would follow the browser's Accept-Language, so
    an English-language browser would never see the Hungarian site. Here the
    site speaks Hungarian until the visitor picks a language (the cookie the
    language switch sets, or the choice saved on their account). API clients
    ask explicitly, so for them Accept-Language is honoured too.
    """
    cookie = request.COOKIES.get(settings.LANGUAGE_COOKIE_NAME)
    if cookie in SUPPORTED:
        return cookie
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated and user.language in SUPPORTED:
        return user.language
    if request.path.startswith("/api/"):
        header = translation.get_language_from_request(request, check_path=False)
        if header in SUPPORTED:
            return header
    return settings.LANGUAGE_CODE


class ChosenLanguageMiddleware:
    def __init__(self, get_response):
        self.get_response = get_response

    def __call__(self, request):
        language = chosen_language(request)
        translation.activate(language)
        request.LANGUAGE_CODE = language
        response = self.get_response(request)
        patch_vary_headers(response, ("Cookie", "Accept-Language"))
        response.headers.setdefault("Content-Language", language)
        return response
