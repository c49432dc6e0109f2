"""Account endpoints of the API."""

from drf_spectacular.utils import extend_schema
from rest_framework import permissions, serializers
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.response import Response
from rest_framework.views import APIView


class MeSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    username = serializers.CharField()
    email = serializers.EmailField()
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


class ObtainTokenApi(ObtainAuthToken):
    """Trade a username and password for the user's API token."""

    @extend_schema(responses=TokenSerializer)
    def post(self, request, *args, **kwargs):
        return super().post(request, *args, **kwargs)
