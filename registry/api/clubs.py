"""Clubs: plain records the federation keeps (no stream)."""

from __future__ import annotations

from uuid import UUID

from drf_spectacular.utils import extend_schema
from rest_framework import serializers, status
from rest_framework.exceptions import NotFound
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from access.roles import IsFederationStaff
from httpapi.pagination import Page, paginated
from httpapi.schema import PROBLEM
from registry.models import Club


class ClubSerializer(serializers.ModelSerializer):
    class Meta:
        model = Club
        fields = ["club_id", "code", "name", "city"]
        read_only_fields = ["club_id"]


class ClubListApi(APIView):
    """``GET``: every club. ``POST``: register a club (a plain record)."""

    permission_classes = [IsFederationStaff]
    pagination_class = Page

    @extend_schema(
        responses={200: ClubSerializer(many=True), 401: PROBLEM, 403: PROBLEM}
    )
    def get(self, request: Request) -> Response:
        clubs = Club.objects.order_by("code", "club_id")
        return paginated(
            self, request, clubs, lambda page: ClubSerializer(page, many=True).data
        )

    @extend_schema(
        request=ClubSerializer,
        responses={201: ClubSerializer, 400: PROBLEM, 401: PROBLEM, 403: PROBLEM},
    )
    def post(self, request: Request) -> Response:
        serializer = ClubSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data, status=status.HTTP_201_CREATED)


class ClubDetailApi(APIView):
    permission_classes = [IsFederationStaff]

    def _club(self, club_id: UUID) -> Club:
        club = Club.objects.filter(club_id=club_id).first()
        if club is None:
            raise NotFound("no such club")
        return club

    @extend_schema(
        responses={200: ClubSerializer, 401: PROBLEM, 403: PROBLEM, 404: PROBLEM}
    )
    def get(self, request: Request, club_id: UUID) -> Response:
        return Response(ClubSerializer(self._club(club_id)).data)

    @extend_schema(
        request=ClubSerializer,
        responses={
            200: ClubSerializer,
            400: PROBLEM,
            401: PROBLEM,
            403: PROBLEM,
            404: PROBLEM,
        },
    )
    def patch(self, request: Request, club_id: UUID) -> Response:
        serializer = ClubSerializer(
            self._club(club_id), data=request.data, partial=True
        )
        serializer.is_valid(raise_exception=True)
        serializer.save()
        return Response(serializer.data)
