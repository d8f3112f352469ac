/**
 * Every message file of every language, each its own chunk: the map of them is a chunk the first screen that needs a
 * namespace outside the shell's loads (see i18n.ts), so it costs the offline shell nothing.
 */
const catalogs = import.meta.glob<{ default: Record<string, unknown> }>('../locales/*/*.json');

export function loadCatalog(file: string): Promise<{ default: Record<string, unknown> }> {
  const load = catalogs[file];
  return load ? load() : Promise.reject(new Error(`No message file ${file}`));
}
