#!/usr/bin/env bash
# A backup of the platform: the PostgreSQL database (pg_dump, custom format) and the local file store (DATA_DIR:
# media renditions, uploads, captions, evidence.key), with checksums. docs/operations.md, "Backups".
#   DATABASE_URL=postgres://... DATA_DIR=/var/lib/manufacturing-masters scripts/backup.sh /var/backups/mm/$(date +%F)
# PG_SNAPSHOT (optional): an exported snapshot id, so the dump is exactly what that transaction sees
# (scripts/restore-drill.ts takes its figures in the same snapshot).
# With object storage (STORAGE_URL=s3://...) the bucket is not in files.tar.gz: keep it with bucket versioning or a
# replica (docs/operations.md).
set -euo pipefail
dir=${1:?usage: scripts/backup.sh <backup-dir>}
: "${DATABASE_URL:?DATABASE_URL is required (postgres://...)}"
: "${DATA_DIR:?DATA_DIR is required (the directory of media, uploads and evidence.key)}"
case "$DATABASE_URL" in
  postgres://* | postgresql://*) ;;
  *)
    echo "scripts/backup.sh backs up PostgreSQL. For the embedded SQLite default, stop the platform and copy DATA_DIR (docs/operations.md)." >&2
    exit 1
    ;;
esac
mkdir -p "$dir"
snapshot=()
if [ -n "${PG_SNAPSHOT:-}" ]; then snapshot=(--snapshot="$PG_SNAPSHOT"); fi
pg_dump --format=custom --no-owner --no-privileges "${snapshot[@]}" --file="$dir/database.dump" "$DATABASE_URL"
# Media and uploads are written under a temporary name and renamed into place, so a file is either whole or absent.
tar -C "$DATA_DIR" --exclude='./platform.sqlite*' --exclude='./.partial-*' --exclude='./media/.partial-*' -czf "$dir/files.tar.gz" .
{
  echo "made_at=$(date -u +%Y-%m-%dT%H:%M:%SZ)"
  echo "pg_dump=$(pg_dump --version)"
} >"$dir/manifest"
(cd "$dir" && sha256sum database.dump files.tar.gz manifest >SHA256SUMS)
echo "Backup written to $dir: $(du -sh "$dir" | cut -f1)"
