import type { Db } from '../../db/client.ts';
import { renewSetting } from './settings.queries.ts';

/**
 * The version of what every member's catalog screens are built from: the catalog (categories, videos, captions,
 * the search index) and the organizations' learning paths (order, essentials, hidden videos, team paths). Every
 * write to those renews it in its own transaction; each instance keeps answers built from them tagged with the
 * version and rebuilds them when the version it reads differs. It is read with the session (auth/caller.ts), so a
 * signed-in request checks it without a statement of its own.
 */
export const CATALOG_VERSION = 'catalog_version';

/** The version before any catalog write was recorded (a database older than the setting). */
export const FIRST_CATALOG_VERSION = 'none';

export const renewCatalogVersion = (db: Db): Promise<void> => renewSetting(db, CATALOG_VERSION);
