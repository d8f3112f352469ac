import { Text } from '@mantine/core';
import type { MissingStep } from '@mm/contract';
import { useTranslation } from 'react-i18next';

/**
 * What still stands between a person and a station ("Check not passed · Sign-off missing"), under their state on the
 * person's page, the matrix and the station page; nothing once they are cleared.
 */
export function MissingSteps({ missing, size = 'xs' }: { missing: MissingStep[]; size?: 'xs' | 'sm' }) {
  const { t } = useTranslation();
  if (!missing.length) return null;
  return (
    <Text size={size} mt={2} c="red.9">
      <Text span fw={600} size={size}>
        {t('check.missingLabel')}:
      </Text>{' '}
      {missing.map((step) => t(`check.missing.${step}`)).join(' · ')}
    </Text>
  );
}
