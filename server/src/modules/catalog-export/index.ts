/** The catalog export's public face: what other modules may use of it (they import nothing else of it). */
export { CATALOG_JSON, CatalogExportError, describeExport, type ExportOptions, type ExportSummary, exportCatalog } from './catalog-export.ts';
export { LESSONS_JSON } from './lessons-file.schema.ts';
export { describeLessonsExport, describeLessonsImport, exportOwnLessons, importOwnLessons, LessonsImportError } from './own-lessons.ts';
