import { Button, Card, Stack, Text, Title } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { SalesInquiryDialog } from './sales-inquiry-dialog.tsx';

/** After the offered plans: a plant beyond the largest plan, or with its own terms, writes to sales. */
export function EnterpriseCard() {
  const { t } = useTranslation('billing');
  const [opened, dialog] = useDisclosure(false);
  return (
    <Card withBorder radius="md" padding="lg" aria-label={t('enterprise.card')} component="article">
      <Stack gap="sm" h="100%">
        <Title order={3}>{t('enterprise.title')}</Title>
        <Text fz={28} fw={700} c="blue.8">
          {t('enterprise.talk')}
        </Text>
        <Text fw={600}>{t('enterprise.accounts')}</Text>
        <Text c="dimmed" style={{ flexGrow: 1 }}>
          {t('enterprise.text')}
        </Text>
        <Button variant="light" onClick={dialog.open} fullWidth>
          {t('enterprise.talk')}
        </Button>
      </Stack>
      <SalesInquiryDialog opened={opened} onClose={dialog.close} />
    </Card>
  );
}
