#!/usr/bin/env bash
# Restores a backup made by scripts/backup.sh into an EMPTY database and an empty DATA_DIR (it refuses anything
# else: a restore never merges into live data). docs/operations.md, "Restore".
#   createdb mm_restored
#   DATABASE_URL=postgres://.../mm_restored DATA_DIR=/var/lib/mm-restored scripts/restore.sh /var/backups/mm/2026-11-26
# Then start the platform on them: it applies the migrations the backup lacks, if the release is newer.
set -euo pipefail
dir=${1:?usage: scripts/restore.sh <backup-dir>}
: "${DATABASE_URL:?DATABASE_URL is required (postgres://..., an empty database)}"
: "${DATA_DIR:?DATA_DIR is required (an empty or missing directory)}"
(cd "$dir" && sha256sum --check --quiet SHA256SUMS)
tables=$(psql "$DATABASE_URL" --no-psqlrc --tuples-only --no-align --command "select count(*) from pg_tables where schemaname = current_schema()")
if [ "$tables" != "0" ]; then
  echo "The database already has $tables tables: restore into an empty one (createdb), never over live data." >&2
  exit 1
fi
if [ -d "$DATA_DIR" ] && [ -n "$(ls -A "$DATA_DIR")" ]; then
  echo "DATA_DIR ($DATA_DIR) is not empty: restore into an empty directory." >&2
  exit 1
fi
pg_restore --no-owner --no-privileges --exit-on-error --single-transaction --dbname="$DATABASE_URL" "$dir/database.dump"
mkdir -p "$DATA_DIR"
tar -C "$DATA_DIR" -xzf "$dir/files.tar.gz"
echo "Restored $dir into the database and $DATA_DIR."
