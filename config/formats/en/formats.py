"""English date formats for a European federation's readers.

Django's ``en`` formats are American ("Nov. 26, 2026, 8 a.m."): a visitor
reading the English pages of an Italian event saw the month first and a
12-hour clock with "a.m.", unlike the Italian pages and the times printed at
the venue. The day first and the 24-hour clock, as ``en_GB`` writes dates and
as the venue's clock reads: "26 November 2026, 08:00". Every other format is
Django's.
"""

DATE_FORMAT = "j F Y"
TIME_FORMAT = "H:i"
DATETIME_FORMAT = "j F Y, H:i"
SHORT_DATE_FORMAT = "d/m/Y"
SHORT_DATETIME_FORMAT = "d/m/Y H:i"
