import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';

/**
 * A page's title: the key of a title in the common namespace's `titles` (short to write in the route tables, which
 * come with the first script; the common namespace is always loaded, so the title is there from the first render).
 */
type TitleKey = keyof typeof import('../locales/en/common.json')['titles'];

function TitledPage({ title, children }: { title: TitleKey; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(t(`titles.${title}`));
  return children;
}

/** A routed page with its document title: the route tables name every page in one place. */
export function titled(title: TitleKey, page: ReactNode): ReactNode {
  return <TitledPage title={title}>{page}</TitledPage>;
}
