"""Italian date formats as the site's sentences need them (issue 18's review).

Django's Italian ``DATETIME_FORMAT`` begins with the weekday ("giovedì 26
novembre 2026 06:12"), which reads wrongly after the catalogue's "fino al"
and "il"; the date with the time after a comma reads as Italian writes a
deadline: "fino al 26 novembre 2026, 06:12". Every other format is Django's.
"""

DATETIME_FORMAT = "j F Y, H:i"
