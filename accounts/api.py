"""Account endpoints of the API."""

from django.utils.translation import gettext as _
from django_ratelimit.core import is_ratelimited
from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from accounts import services
from accounts.views import login_rate
from core.errors import ApplicationError


class OptionalEmailField(serializers.EmailField):
    """An address, or null when none was given.

    The account stores "" for no address, and "" is not a valid
    `format: email` string: answering null keeps answers and schema in step.
    """

    def __init__(self, **kwargs):
        super().__init__(allow_null=True, **kwargs)

    def to_representation(self, value):
        return value or None


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = OptionalEmailField()
    language = serializers.CharField()
    date_joined = serializers.DateTimeField()


class MeApi(APIView):
    """The signed-in user."""

    permission_classes = [permissions.IsAuthenticated]

    @extend_schema(responses=MeSerializer)
    def get(self, request):
        return Response(MeSerializer(request.user).data)


class TokenSerializer(serializers.Serializer):
    token = serializers.CharField()


class TooManyLogins(ApplicationError):
    status_code = 429
    retry_after = 60  # a minute's logins


class ObtainTokenApi(ObtainAuthToken):
    """Trade a username and password for the user's API token.

    Failed attempts count towards the login lockout: after too many for one
    username from one address, or from one address, even the right password
    is answered 429 there (with Retry-After) until the wait is over.
    """

    # DRF's view names its own parsers; the site's bound JSON nesting like
    # every other endpoint (core.jsonlimits).
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES
    # The name and password are the credentials here. A program whose token was
    # replaced or revoked comes here for a new one, often still sending the old
    # header: reading it would refuse the very request that recovers (a 401).
    authentication_classes = ()

    @extend_schema(responses=TokenSerializer)
    def post(self, request, *args, **kwargs):
        # the login form's own count (accounts.views.login_rate): one budget for both doors
        if is_ratelimited(
            request._request,
            group="accounts.login",
            key="ip",
            rate=login_rate,
            method="POST",
            increment=True,
        ):
            raise TooManyLogins(
                "too_many_logins",
                _("Too many logins from your address in the last minute. Try again in a minute."),
            )
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        # DRF's own post makes a first token unlocked, racing "new API token" (a 500)
        token = services.user_api_token(user=serializer.validated_data["user"])
        return Response({"token": token.key})
