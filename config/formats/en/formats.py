"""English dates for a European site: day before month, a 24-hour clock.

The short forms are ISO 8601 (2026-12-07), which no reader takes for a
different day, whatever order they are used to; the long forms spell the
month. Every name not set here (numbers, separators) comes from Django's `en`.
"""

DATE_FORMAT = "j M Y"  # 7 Dec 2026
TIME_FORMAT = "H:i"  # 01:09, like the tournament clock's "ends at 01:59"
DATETIME_FORMAT = "j M Y, H:i"  # 7 Dec 2026, 01:09
YEAR_MONTH_FORMAT = "F Y"  # December 2026
MONTH_DAY_FORMAT = "j F"  # 7 December
SHORT_DATE_FORMAT = "Y-m-d"  # 2026-12-07
SHORT_DATETIME_FORMAT = "Y-m-d H:i"  # 2026-12-07 01:09
FIRST_DAY_OF_WEEK = 1  # Monday

# What forms read back: the forms above, and day-first slashes, never
# Django's month-first "12/07/2026", which would be a different day here.
DATE_INPUT_FORMATS = [
    "%Y-%m-%d",  # 2026-12-07
    "%d/%m/%Y",  # 07/12/2026
]
DATETIME_INPUT_FORMATS = [
    "%Y-%m-%d %H:%M:%S",
    "%Y-%m-%d %H:%M:%S.%f",
    "%Y-%m-%d %H:%M",
    "%d/%m/%Y %H:%M:%S",
    "%d/%m/%Y %H:%M",
]
