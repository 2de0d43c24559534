from django.urls import path

from appeals.api import condition_views as c
from appeals.api import decision_views as d
from appeals.api import hearing_views as h
from appeals.api import lodging_views as lo
from appeals.api import read_views as r

A = "appeals/<uuid:appeal_id>"

urlpatterns = [
    path("appeals/", lo.LodgeAppealApi.as_view(), name="appeals"),
    path(f"{A}/", r.AppealDetailApi.as_view(), name="appeal-file"),
    path(f"{A}/concurrence/", lo.ConcurAppealApi.as_view()),
    path(f"{A}/acceptance/", lo.AcceptHandedAppealApi.as_view()),
    path(f"{A}/deposit/", lo.RecordDepositApi.as_view()),
    path(f"{A}/referral/", h.RouteAppealApi.as_view()),
    path(f"{A}/hearing/", h.ScheduleHearingApi.as_view()),
    path(f"{A}/hearing/minutes/", h.RecordHearingApi.as_view()),
    path(f"{A}/reports/", h.AttachDirectorReportApi.as_view()),
    path(f"{A}/decision/", d.DecideAppealApi.as_view()),
    path(f"{A}/withdrawal/", d.WithdrawAppealApi.as_view()),
    path(f"{A}/further-appeal/notice/", d.FurtherAppealNoticeApi.as_view()),
    path(f"{A}/further-appeal/", d.FileFurtherAppealApi.as_view()),
    path(f"{A}/further-appeal/decision/", d.DecideFurtherAppealApi.as_view()),
    path(
        "tournaments/<uuid:tournament_id>/appeals/",
        r.AppealOutcomeListApi.as_view(),
        name="appeal-outcomes",
    ),
    path(
        "tournaments/<uuid:tournament_id>/appeal-conditions/",
        c.AppealConditionsApi.as_view(),
    ),
]
