"""The Celery application: tasks are thin entrypoints that call handlers."""

import os

from celery import Celery

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "config.settings")

app = Celery("arbitro")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()
