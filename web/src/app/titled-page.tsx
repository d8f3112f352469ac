import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';

/**
 * A page's title: the key of a title in the common namespace's `titles` (the cheapest to write in the route tables,
 * which come with the first script), or a function of the active language's `t` for a title kept elsewhere.
 */
type Title = keyof typeof import('../locales/en/common.json')['titles'] | ((t: TFunction) => string);

function TitledPage({ title, children }: { title: Title; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(typeof title === 'function' ? title(t) : t(`titles.${title}`));
  return children;
}

/** A routed page with its document title: the route tables name every page in one place. */
export function titled(title: Title, page: ReactNode): ReactNode {
  return <TitledPage title={title}>{page}</TitledPage>;
}
