import { Alert, Badge, Button, Card, Loader, Pagination, Stack, Table, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../../lib/date.ts';
import { useStationPracticalChecks } from '../api/get-station-practical-checks.ts';
import { qualificationPaths } from '../paths.ts';
import { PracticalCheckDetails } from './practical-check-details.tsx';

const PAGE = 20;

/**
 * The practical checks recorded at a station (issue 38), newest first, a page at a time: who, by which trainer, when,
 * the result; each opens the same details dialog as the person page.
 */
export function StationPracticalChecks({ stationId }: { stationId: number }) {
  const { t } = useTranslation('qualifications');
  const [skip, setSkip] = useState(0);
  const [openCheck, setOpenCheck] = useState<number | null>(null);
  const checks = useStationPracticalChecks(stationId, { skip, take: PAGE });
  const data = checks.data;
  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('stationChecks.title')}
        </Title>
        {checks.isPending && <Loader size="sm" aria-label={t('stationChecks.loading')} />}
        {checks.isError && <Alert color="red">{checks.error.message}</Alert>}
        {data && data.total === 0 && <Text c="dimmed">{t('stationChecks.none')}</Text>}
        {data && data.total > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped withTableBorder data-testid="station-practical-checks">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('stationChecks.person')}</Table.Th>
                  <Table.Th scope="col">{t('stationChecks.trainer')}</Table.Th>
                  <Table.Th scope="col">{t('stationChecks.when')}</Table.Th>
                  <Table.Th scope="col">{t('stationChecks.result')}</Table.Th>
                  <Table.Th scope="col">{t('stationChecks.details')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.checks.map((check) => (
                  <Table.Tr key={check.id}>
                    <Table.Td translate="no">
                      <Link to={qualificationPaths.person(check.user_id)}>{check.person_name}</Link>
                    </Table.Td>
                    <Table.Td translate="no">{check.trainer_name}</Table.Td>
                    <Table.Td>{formatDateTime(check.recorded_at)}</Table.Td>
                    <Table.Td>
                      {/* Dark words on white, the dot's colour adding to them (as the qualification badges). */}
                      <Badge color={check.passed ? 'green.7' : 'red.7'} variant="dot" c="dark.8" style={{ textTransform: 'none' }}>
                        {check.passed ? t('practical.passed') : t('practical.notPassed')}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="default"
                        onClick={() => setOpenCheck(check.id)}
                        aria-label={t('stationChecks.openFor', { name: check.person_name, when: formatDateTime(check.recorded_at) })}
                      >
                        {t('stationChecks.open')}
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
        {data && data.total > PAGE && (
          <Pagination
            total={Math.ceil(data.total / PAGE)}
            value={Math.floor(skip / PAGE) + 1}
            onChange={(page) => setSkip((page - 1) * PAGE)}
            getControlProps={(control) => ({ 'aria-label': t(`matrix.pageControl.${control}`) })}
            getItemProps={(page) => ({ 'aria-label': t('matrix.page', { page }) })}
          />
        )}
      </Stack>
      <PracticalCheckDetails checkId={openCheck} onClose={() => setOpenCheck(null)} />
    </Card>
  );
}
