"""The people's pages (issue 18): accounts, appeals, each person's own page.

Included at the root by ``config.urls`` before the results site, so the
site's sign-in (``/login/``) is this app's throttled one.
"""

from django.contrib.auth import views as auth_views
from django.urls import path

from people import appeal_views as a
from people import views as v

app_name = "people"
A = "appeals/<uuid:appeal_id>"

urlpatterns = [
    path("login/", v.LoginView.as_view(), name="login"),
    path("me/", a.me, name="me"),
    path("accounts/", v.account_list, name="accounts"),
    path("accounts/<int:user_id>/", v.account, name="account"),
    path(
        "accounts/password-reset/", v.PasswordResetView.as_view(), name="password_reset"
    ),
    path(
        "accounts/password-reset/sent/",
        auth_views.PasswordResetDoneView.as_view(
            template_name="people/password_reset_sent.html"
        ),
        name="password_reset_sent",
    ),
    path(
        "accounts/set-password/<uidb64>/<token>/",
        v.SetPasswordView.as_view(),
        name="set_password",
    ),
    path(
        "accounts/password-set/",
        auth_views.PasswordResetCompleteView.as_view(
            template_name="people/password_set.html"
        ),
        name="password_set",
    ),
    path(
        "events/<uuid:tournament_id>/rulings/<uuid:ruling_id>/appeal/",
        a.lodge,
        name="lodge",
    ),
    path(f"{A}/", a.appeal_page, name="appeal"),
    path(f"{A}/concurrence/", a.concur, name="concur"),
    path(f"{A}/referral/", a.referral, name="referral"),
    path(f"{A}/hearing/", a.hearing, name="hearing"),
    path(f"{A}/minutes/", a.minutes, name="minutes"),
    path(f"{A}/decision/", a.decision, name="decision"),
]
