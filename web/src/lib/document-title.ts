import { useEffect } from 'react';
import { BRAND } from '../config/app.ts';

/** "<Page> · Manufacturing Masters": tabs, history and screen readers tell pages apart. */
export function documentTitle(page: string): string {
  return `${page} · ${BRAND}`;
}

/** Sets the document title while the calling page is shown. */
export function useDocumentTitle(page: string): void {
  useEffect(() => {
    document.title = documentTitle(page);
  }, [page]);
}
