"""The WSGI application (gunicorn ``config.wsgi``).

The URLconf, and with it every view module, is imported here rather than on
the first request (decision 0209): with gunicorn's ``preload_app``
(``config/gunicorn_conf.py``) once in the master for every worker, and
otherwise while a worker boots, before it takes a connection.
"""

import os

from django.core.wsgi import get_wsgi_application
from django.urls import get_resolver

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")
application = get_wsgi_application()
get_resolver().url_patterns  # noqa: B018  # imports every view now
