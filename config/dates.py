"""The names of months and weekdays as Italian writes them (issue 18's review).

Italian writes them in lower case ("giovedì 26 novembre 2026"); Django's own
Italian catalogue capitalises them ("Giovedì 26 Novembre"). Marking the
names here puts them in the project's catalogue, which Django reads before
its own (``LOCALE_PATHS``), so every ``DATETIME_FORMAT`` and ``DATE_FORMAT``
on the site and in the e-mails comes out in Italian style.
"""

from __future__ import annotations

from django.utils.translation import gettext_lazy as _

MONTHS = (
    _("January"),
    _("February"),
    _("March"),
    _("April"),
    _("May"),
    _("June"),
    _("July"),
    _("August"),
    _("September"),
    _("October"),
    _("November"),
    _("December"),
)
WEEKDAYS = (
    _("Monday"),
    _("Tuesday"),
    _("Wednesday"),
    _("Thursday"),
    _("Friday"),
    _("Saturday"),
    _("Sunday"),
)
