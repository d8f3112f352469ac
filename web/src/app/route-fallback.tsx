import { Center, Loader } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Shown where a page goes while its chunk downloads (first visit of that page only); the layout stays. */
export function RouteFallback() {
  const { t } = useTranslation();
  return (
    <Center py={64} role="status" aria-label={t('loading.page')}>
      <Loader />
    </Center>
  );
}
