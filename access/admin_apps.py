"""Django's admin as an app whose default site has its login throttled.

In its own module: ``access.apps`` must declare one AppConfig only.
"""

from django.contrib.admin.apps import AdminConfig as DjangoAdminConfig


class AdminConfig(DjangoAdminConfig):
    """Django's admin, on a site whose login is throttled (access.admin_site)."""

    default_site = "access.admin_site.ArbitroAdminSite"
