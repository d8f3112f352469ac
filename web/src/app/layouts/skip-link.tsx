import { useTranslation } from 'react-i18next';

/** The id of each layout's <main>, target of the skip link. */
export const MAIN_CONTENT_ID = 'main-content';

/** The first stop of the keyboard: jumps over the header and its menus to the page itself. */
export function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="mm-skip-link" href={`#${MAIN_CONTENT_ID}`}>
      {t('nav.skip')}
    </a>
  );
}
