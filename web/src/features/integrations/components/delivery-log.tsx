import { Alert, Badge, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';

/** What both outboxes' logs show of a row (a webhook delivery, an xAPI statement). */
type LoggedDelivery = {
  id: number;
  status: 'pending' | 'delivered' | 'failed';
  attempts: number;
  response_status: number | null;
  response_excerpt: string | null;
  last_attempt_at: string | null;
  created_at: string;
};

const STATUS_COLORS: Record<LoggedDelivery['status'], string> = { delivered: 'teal.9', pending: 'yellow.9', failed: 'red.9' };

/**
 * The log of an outbox: a table on a wide screen, one card per row on a phone. `what` names a row (the event, the
 * statement's verb) and `target`, when given, says where it was about (the statement's object), as a column of its own.
 */
export function DeliveryLog<T extends LoggedDelivery>({
  deliveries,
  texts,
  headingOrder,
  what,
  target,
}: {
  deliveries: UseQueryResult<T[], Error>;
  texts: { title: string; label: string; loading: string; empty: string; what: string; target?: string };
  headingOrder: 2 | 3;
  what: (delivery: T) => ReactNode;
  target?: (delivery: T) => string;
}) {
  const { t } = useTranslation('integrations');
  /** The last answer: its status code and the start of its body (or why there was none): the receiver's words, untranslated. */
  const answerOf = (d: T) =>
    d.attempts === 0 ? t('log.notSent') : `${d.response_status ?? t('log.noAnswer')}${d.response_excerpt ? ` · ${d.response_excerpt}` : ''}`;
  // Six columns need a wider screen than five before the table replaces the cards.
  const tableFrom = target ? 'md' : 'sm';
  return (
    <Stack gap="sm">
      <Title order={headingOrder} size={headingOrder === 2 ? 'h3' : 'h4'}>
        {texts.title}
      </Title>
      {deliveries.isPending && <PageLoader label={texts.loading} />}
      {deliveries.isError && <Alert color="red">{deliveries.error.message}</Alert>}
      {deliveries.data && deliveries.data.length === 0 && <Text c="dimmed">{texts.empty}</Text>}
      {deliveries.data && deliveries.data.length > 0 && (
        <>
          <Table.ScrollContainer minWidth={target ? 720 : 640} visibleFrom={tableFrom}>
            <Table striped aria-label={texts.label}>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{texts.what}</Table.Th>
                  {target && <Table.Th>{texts.target}</Table.Th>}
                  <Table.Th>{t('log.status')}</Table.Th>
                  <Table.Th>{t('log.attempts')}</Table.Th>
                  <Table.Th>{t('log.answer')}</Table.Th>
                  <Table.Th>{t('log.when')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {deliveries.data.map((d) => (
                  <Table.Tr key={d.id}>
                    <Table.Td>{what(d)}</Table.Td>
                    {target && (
                      <Table.Td>
                        <Text size="sm" style={{ wordBreak: 'break-all' }} translate="no">
                          {target(d)}
                        </Text>
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Badge color={STATUS_COLORS[d.status]}>{t(`status.${d.status}`)}</Badge>
                    </Table.Td>
                    <Table.Td>{d.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm" translate="no">
                        {answerOf(d)}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDateTime(d.last_attempt_at ?? d.created_at)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {/* On a phone (or a tablet, for the wider log), one card per row instead of a table wider than the screen. */}
          <Stack gap="xs" hiddenFrom={tableFrom}>
            {deliveries.data.map((d) => (
              <Card key={d.id} withBorder padding="sm">
                <Group justify="space-between" gap="xs">
                  <Text fw={600} size="sm">
                    {what(d)}
                  </Text>
                  <Badge color={STATUS_COLORS[d.status]}>{t(`status.${d.status}`)}</Badge>
                </Group>
                {target && (
                  <Text size="sm" style={{ wordBreak: 'break-all' }} translate="no">
                    {target(d)}
                  </Text>
                )}
                <Text size="sm">
                  <span translate="no">{answerOf(d)}</span> · {t('log.attemptCount', { count: d.attempts })}
                </Text>
                <Text size="sm" c="dimmed">
                  {formatDateTime(d.last_attempt_at ?? d.created_at)}
                </Text>
              </Card>
            ))}
          </Stack>
        </>
      )}
    </Stack>
  );
}
