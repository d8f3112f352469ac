import { Card, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useStudioAudit } from '../api/get-studio-audit.ts';

/** The studio's audit log for super users: who changed which lesson when, newest first, a page at a time. */
export function StudioAuditLog() {
  const { t } = useTranslation('studio');
  const [page, setPage] = useState(1);
  const audit = useStudioAudit(page);
  return (
    <Card withBorder padding="lg" component="section" aria-labelledby="studio-audit-title">
      <Title order={2} size="h3" id="studio-audit-title">
        {t('audit.heading')}
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {t('audit.intro')}
      </Text>
      {!audit.data ? (
        <PageLoader label={t('audit.heading')} />
      ) : audit.data.entries.length === 0 ? (
        <Text>{t('audit.none')}</Text>
      ) : (
        <>
          <Table.ScrollContainer minWidth={640} visibleFrom="md">
            <Table striped data-testid="studio-audit">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('audit.when')}</Table.Th>
                  <Table.Th>{t('audit.who')}</Table.Th>
                  <Table.Th>{t('audit.action')}</Table.Th>
                  <Table.Th>{t('audit.lesson')}</Table.Th>
                  <Table.Th>{t('audit.detail')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {audit.data.entries.map((entry) => (
                  <Table.Tr key={entry.id}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
                    <Table.Td translate="no">{entry.by}</Table.Td>
                    <Table.Td>{t(`audit.actions.${entry.action}`)}</Table.Td>
                    <Table.Td translate="no">{entry.title}</Table.Td>
                    <Table.Td translate="no">{entry.detail}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* On a phone or a tablet, one card per entry instead of a table wider than the card. */}
          <Stack gap="xs" hiddenFrom="md">
            {audit.data.entries.map((entry) => (
              <Card key={entry.id} withBorder padding="sm">
                <Text fw={600} size="sm">
                  {t(`audit.actions.${entry.action}`)} · <span translate="no">{entry.title}</span>
                </Text>
                {entry.detail && (
                  <Text size="sm" translate="no">
                    {entry.detail}
                  </Text>
                )}
                <Text size="sm" c="dimmed">
                  <span translate="no">{entry.by}</span> · {formatDateTime(entry.at)}
                </Text>
              </Card>
            ))}
          </Stack>
          {audit.data.total > audit.data.page_size && (
            <Pagination mt="sm" value={page} onChange={setPage} total={Math.ceil(audit.data.total / audit.data.page_size)} aria-label={t('audit.page')} />
          )}
        </>
      )}
    </Card>
  );
}
