from django.urls import path

from appeals.api import views as v

A = "appeals/<uuid:appeal_id>"

urlpatterns = [
    path("appeals/", v.LodgeAppealApi.as_view(), name="appeals"),
    path(f"{A}/", v.AppealDetailApi.as_view(), name="appeal-file"),
    path(f"{A}/concurrence/", v.ConcurAppealApi.as_view()),
    path(f"{A}/deposit/", v.RecordDepositApi.as_view()),
    path(f"{A}/referral/", v.RouteAppealApi.as_view()),
    path(f"{A}/hearing/", v.ScheduleHearingApi.as_view()),
    path(f"{A}/hearing/minutes/", v.RecordHearingApi.as_view()),
    path(f"{A}/reports/", v.AttachDirectorReportApi.as_view()),
    path(f"{A}/decision/", v.DecideAppealApi.as_view()),
    path(f"{A}/withdrawal/", v.WithdrawAppealApi.as_view()),
    path(f"{A}/further-appeal/notice/", v.FurtherAppealNoticeApi.as_view()),
    path(f"{A}/further-appeal/", v.FileFurtherAppealApi.as_view()),
    path(f"{A}/further-appeal/decision/", v.DecideFurtherAppealApi.as_view()),
    path(
        "tournaments/<uuid:tournament_id>/appeals/",
        v.AppealOutcomeListApi.as_view(),
        name="appeal-outcomes",
    ),
    path(
        "tournaments/<uuid:tournament_id>/appeal-conditions/",
        v.AppealConditionsApi.as_view(),
    ),
]
