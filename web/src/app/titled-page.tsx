import type { ReactNode } from 'react';
import { useDocumentTitle } from '../lib/document-title.ts';

function TitledPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return children;
}

/** A routed page with its document title: the route tables name every page in one place. */
export function titled(title: string, page: ReactNode): ReactNode {
  return <TitledPage title={title}>{page}</TitledPage>;
}
