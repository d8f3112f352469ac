/** The settings module's public face: what other modules may use of it (they import nothing else of it). */
export { CATALOG_VERSION, FIRST_CATALOG_VERSION, renewCatalogVersion } from './catalog-version.ts';
export { findSetting, settingOrCreate } from './settings.queries.ts';
