import { Alert, Badge, Group, Image, List, Loader, Modal, Stack, Table, Text } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../../lib/date.ts';
import { usePracticalCheck } from '../api/get-practical-check.ts';

/**
 * A practical check's details for a supervisor (issue 38): the station, operator, trainer, time and kiosk, each step passed or
 * failed with the trainer's note and photo, whether it signed the person off, and its record in the evidence chain.
 */
export function PracticalCheckDetails({ checkId, onClose }: { checkId: number | null; onClose: () => void }) {
  const { t } = useTranslation('qualifications');
  const check = usePracticalCheck(checkId);
  const data = check.data;
  // [label, value, whether the value is data (a name, not translated)]
  const facts: Array<[string, ReactNode, boolean]> = data
    ? [
        [t('practical.station'), data.station_name, true],
        [t('practical.operator'), data.person_name, true],
        [t('practical.trainer'), data.trainer_name, true],
        [t('practical.when'), formatDateTime(data.recorded_at), true],
        data.kiosk
          ? [
              t('practical.kiosk'),
              data.kiosk.revoked ? (
                <>
                  <span translate="no">{data.kiosk.name}</span> {t('practical.kioskRevoked')}
                </>
              ) : (
                data.kiosk.name
              ),
              !data.kiosk.revoked,
            ]
          : [t('practical.kiosk'), t('practical.outsideKiosk'), false],
      ]
    : [];
  return (
    <Modal opened={checkId !== null} onClose={onClose} title={t('practical.title')} size="lg" closeButtonProps={{ 'aria-label': t('practical.close') }}>
      {check.isPending && <Loader size="sm" aria-label={t('practical.loading')} />}
      {check.isError && <Alert color="red">{check.error.message}</Alert>}
      {data && (
        <Stack gap="sm" data-testid="practical-details">
          <Group gap="xs">
            <Badge color={data.passed ? 'teal' : 'red'} variant="light">
              {data.passed ? t('practical.passed') : t('practical.notPassed')}
            </Badge>
            {data.signed_off && <Badge variant="light">{t('practical.signedOff')}</Badge>}
          </Group>
          <Table variant="vertical" withTableBorder layout="fixed">
            <Table.Tbody>
              {facts.map(([label, value, isData]) => (
                <Table.Tr key={label}>
                  <Table.Th w={120}>{label}</Table.Th>
                  <Table.Td translate={isData ? 'no' : undefined} data-testid={label === t('practical.kiosk') ? 'practical-kiosk' : undefined}>
                    {value}
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
          {data.kiosk && <Text size="sm">{t('practical.confirmed')}</Text>}
          <List type="ordered" spacing="md" size="sm">
            {data.steps.map((step, index) => (
              <List.Item key={step.item}>
                <Group gap="xs" wrap="nowrap" align="flex-start">
                  <Badge color={step.passed ? 'teal' : 'red'} variant="light" style={{ flexShrink: 0 }}>
                    {step.passed ? t('practical.stepPassed') : t('practical.stepFailed')}
                  </Badge>
                  <Text size="sm" fw={600} translate="no">
                    {step.item}
                  </Text>
                </Group>
                {step.note && (
                  <Text size="sm" mt={4} translate="no">
                    {t('practical.note')}: {step.note}
                  </Text>
                )}
                {step.photo_url && (
                  <Image
                    src={step.photo_url}
                    alt={t('practical.photoAlt', { number: index + 1, item: step.item })}
                    mt={6}
                    h={200}
                    w="auto"
                    fit="contain"
                    radius="sm"
                  />
                )}
              </List.Item>
            ))}
          </List>
          {data.evidence ? (
            <Text size="sm" data-testid="practical-evidence">
              {t('practical.inChain', { sequence: data.evidence.sequence })}{' '}
              <Text span ff="monospace" size="xs" translate="no">
                {data.evidence.hash.slice(0, 16)}
              </Text>
            </Text>
          ) : (
            <Alert color="red">{t('practical.notInChain')}</Alert>
          )}
        </Stack>
      )}
    </Modal>
  );
}
