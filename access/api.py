"""Account endpoints: a token for a username and password, and who the caller is."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import OpenApiResponse, extend_schema, inline_serializer
from rest_framework import serializers, status
from rest_framework.authtoken.models import Token
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.auth import expires_at
from access.roles import actor_of, grants_of, is_federation_staff
from access.throttles import LoginThrottle
from access.tokens import issue

# A problem (RFC 9457); access sits below the API plumbing, so not httpapi's.
PROBLEM = OpenApiResponse(description="a problem (RFC 9457)")


class LoginApi(ObtainAuthToken):
    """A new token for a username and password (decision 0107).

    Each login makes a new key and revokes the user's previous one; the key is
    refused ``ARBITRO_TOKEN_TTL_SECONDS`` after the login, or as soon as the
    password or the grants it was issued under change (``access.tokens``,
    decision 0215). Throttled per
    username and address (``access.throttles.LoginThrottle``): 429 past it.
    """

    throttle_classes = [LoginThrottle]

    @extend_schema(
        request=AuthTokenSerializer,
        responses={
            200: inline_serializer(
                "Login",
                {
                    "token": serializers.CharField(),
                    "expires_at": serializers.DateTimeField(),
                },
            ),
            400: PROBLEM,
            429: PROBLEM,
        },
    )
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        serializer = self.get_serializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = serializer.validated_data["user"]
        token = issue(user.pk)
        return Response({"token": token.key, "expires_at": expires_at(token.created)})


class LogoutApi(APIView):
    """Revoke the token the request carries (204); a session has none to revoke."""

    @extend_schema(request=None, responses={204: None, 401: PROBLEM})
    def post(self, request: Request) -> Response:
        if isinstance(request.auth, Token):
            request.auth.delete()
        elif isinstance(request.auth, str):
            Token.objects.filter(key=request.auth).delete()
        return Response(status=status.HTTP_204_NO_CONTENT)


def _text(value: object) -> str | None:
    return str(value) if value else None


class MeApi(APIView):
    """Who the caller is and which roles they hold."""

    @extend_schema(
        responses=inline_serializer(
            "Me",
            {
                "actor": serializers.CharField(),
                "username": serializers.CharField(),
                "federation_staff": serializers.BooleanField(),
                "grants": serializers.ListField(child=serializers.DictField()),
            },
        )
    )
    def get(self, request: Request) -> Response:
        return Response(
            {
                "actor": actor_of(request.user),
                "username": request.user.get_username(),
                "federation_staff": is_federation_staff(request.user),
                "grants": [
                    {
                        "role": str(g.role),
                        "tournament_id": _text(g.tournament_id),
                        "appeal_id": _text(g.appeal_id),
                        "player_id": _text(g.player_id),
                    }
                    for g in grants_of(request.user)
                ],
            }
        )
