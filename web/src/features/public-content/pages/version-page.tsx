import { Anchor, Container, Stack, Text, Title } from '@mantine/core';
import { APP_VERSION } from '@mm/contract';
import { Trans, useTranslation } from 'react-i18next';
import { SUPPORT_EMAIL } from '../../../config/app.ts';

export function VersionPage() {
  const { t } = useTranslation('public');
  return (
    <Container size="sm" py="xl">
      <Stack gap="sm">
        <Title order={1}>{t('version.title', { version: APP_VERSION })}</Title>
        <Text>
          <Trans t={t} i18nKey="version.help" values={{ email: SUPPORT_EMAIL }} components={{ mail: <Anchor href={`mailto:${SUPPORT_EMAIL}`} /> }} />
        </Text>
      </Stack>
    </Container>
  );
}
