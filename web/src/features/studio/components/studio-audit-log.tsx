import { Card, Pagination, ScrollArea, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { useStudioAudit } from '../api/get-studio-audit.ts';

/** The studio's audit log for super users: who changed which lesson when, newest first, a page at a time. */
export function StudioAuditLog() {
  const { t, i18n } = useTranslation('studio');
  const [page, setPage] = useState(1);
  const audit = useStudioAudit(page);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
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
          <ScrollArea type="auto">
            <Table striped miw={640} data-testid="studio-audit">
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
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{when.format(new Date(entry.at))}</Table.Td>
                    <Table.Td translate="no">{entry.by}</Table.Td>
                    <Table.Td>{t(`audit.actions.${entry.action}`)}</Table.Td>
                    <Table.Td translate="no">{entry.title}</Table.Td>
                    <Table.Td translate="no">{entry.detail}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </ScrollArea>
          {audit.data.total > audit.data.page_size && (
            <Pagination mt="sm" value={page} onChange={setPage} total={Math.ceil(audit.data.total / audit.data.page_size)} aria-label={t('audit.page')} />
          )}
        </>
      )}
    </Card>
  );
}
