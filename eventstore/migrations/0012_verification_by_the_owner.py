"""Only the owner records a verification of the store (issue 28, decision
0213).

Health reports the last ``es_verification`` row (decision 0117). The
application's role could insert one (``ok = true``) and turn a failed
verification green. Its INSERT is revoked here, from it and from any role
but the owner (the release step's ``grant_app_role`` no longer grants it),
and a trigger refuses a row written by any role that is not the owner, even
one granted INSERT again by hand. SQLite has no roles.
"""

from django.db import migrations

REVOKE = """
REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON es_verification FROM PUBLIC;
DO $$
DECLARE
    grantee regrole;
BEGIN
    FOR grantee IN
        SELECT DISTINCT a.grantee::regrole
        FROM pg_class c, aclexplode(c.relacl) a
        WHERE c.oid = 'es_verification'::regclass
          AND a.grantee <> 0 AND a.grantee <> c.relowner
          AND a.privilege_type IN ('INSERT', 'UPDATE', 'DELETE', 'TRUNCATE')
    LOOP
        EXECUTE format(
            'REVOKE INSERT, UPDATE, DELETE, TRUNCATE ON es_verification FROM %s',
            grantee
        );
    END LOOP;
END
$$;
CREATE OR REPLACE FUNCTION es_verification_by_the_owner() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
    IF NOT pg_has_role(
        current_user,
        (SELECT relowner FROM pg_class WHERE oid = TG_RELID),
        'MEMBER'
    ) THEN
        RAISE EXCEPTION 'only the owner records a verification of the store'
            USING ERRCODE = '42501';
    END IF;
    IF TG_OP = 'DELETE' THEN
        RETURN OLD;
    END IF;
    RETURN NEW;
END
$$;
CREATE TRIGGER es_verification_by_the_owner
    BEFORE INSERT OR UPDATE OR DELETE ON es_verification
    FOR EACH ROW EXECUTE FUNCTION es_verification_by_the_owner();
"""

DROP = """
DROP TRIGGER IF EXISTS es_verification_by_the_owner ON es_verification;
DROP FUNCTION IF EXISTS es_verification_by_the_owner();
"""


def forwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(REVOKE)


def backwards(apps, schema_editor):
    if schema_editor.connection.vendor == "postgresql":
        with schema_editor.connection.cursor() as cursor:
            cursor.execute(DROP)


class Migration(migrations.Migration):
    dependencies = [("eventstore", "0011_append_queue")]

    operations = [migrations.RunPython(forwards, backwards, elidable=False)]
