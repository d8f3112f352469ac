import type { TFunction } from 'i18next';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../lib/document-title.ts';

/** A page's title: a translated one (a function of the active language's `t`), or an English one not converted yet. */
type Title = string | ((t: TFunction) => string);

function TitledPage({ title, children }: { title: Title; children: ReactNode }) {
  const { t } = useTranslation();
  useDocumentTitle(typeof title === 'function' ? title(t) : title);
  return children;
}

/** A routed page with its document title: the route tables name every page in one place. */
export function titled(title: Title, page: ReactNode): ReactNode {
  return <TitledPage title={title}>{page}</TitledPage>;
}
