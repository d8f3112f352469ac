import { Alert, Button, Card, Checkbox, Group, Select, Stack, Table, Text, Textarea, Title } from '@mantine/core';
import { type QualificationDetail, SHIFTS, type Shift } from '@mm/contract';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate, formatDateTime } from '../../../lib/date.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSession } from '../../../lib/session.ts';
import { downloadAuditPack } from '../api/download-audit-pack.ts';
import { usePersonQualifications } from '../api/get-person-qualifications.ts';
import { useSetShift } from '../api/set-shift.ts';
import { useSignOff } from '../api/sign-off.ts';
import { MissingSteps } from '../components/missing-steps.tsx';
import { PracticalCheckDetails } from '../components/practical-check-details.tsx';
import { KindTag, StateWithDue } from '../components/state-badge.tsx';
import { qualificationPaths } from '../paths.ts';

/** /qualifications/people/:userId: a person at each of their stations, with the sign-off form where it applies. */
export function PersonPage() {
  const { t } = useTranslation('qualifications');
  const userId = Number(useParams().userId);
  const session = useSession();
  const person = usePersonQualifications(userId);
  const setShift = useSetShift();
  return (
    <AdminPage title={person.data?.name ?? t('person.title')} titleIsData={person.data !== undefined} back={qualificationPaths.root}>
      {person.isPending && <PageLoader label={t('person.loading')} />}
      {person.isError && <Alert color="red">{person.error.message}</Alert>}
      {person.data && (
        <Stack>
          {session?.isSuperUser && (
            <Group align="flex-end">
              <Select
                label={t('person.shift')}
                placeholder={t('person.noShift')}
                clearable
                data={SHIFTS.map((s) => ({ value: s, label: t(`shifts.${s}`) }))}
                value={person.data.shift}
                onChange={(value) =>
                  setShift.mutate(
                    { userId, body: { shift: (value as Shift | null) ?? null } },
                    { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError },
                  )
                }
              />
              <Button variant="default" onClick={() => void downloadAuditPack({ user_id: userId, format: 'pdf' }).catch(notifyError)}>
                {t('person.auditPdf')}
              </Button>
            </Group>
          )}
          {person.data.stations.length === 0 && <Alert color="gray">{t('person.none')}</Alert>}
          {person.data.stations.map((s) => (
            <StationCard key={s.station_id} userId={userId} detail={s} />
          ))}
        </Stack>
      )}
    </AdminPage>
  );
}

function StationCard({ userId, detail }: { userId: number; detail: QualificationDetail }) {
  const { t } = useTranslation();
  const q = useTranslation('qualifications').t;
  const isSuperUser = useSession()?.isSuperUser === true;
  const [openCheck, setOpenCheck] = useState<number | null>(null);
  const checked = detail.required.some((v) => v.check_required);
  return (
    <Card withBorder padding="lg">
      <Group justify="space-between">
        <Group gap="xs">
          <Title order={2} size="h3" translate="no">
            {detail.station_name}
          </Title>
          <KindTag kind={detail.station_kind} />
        </Group>
        <StateWithDue state={detail.state} dueAt={detail.due_at} />
      </Group>
      <Text size="sm" mt={4}>
        {q('person.assigned', { date: formatDate(detail.assigned_at) })}
        {detail.qualified_at ? q('person.qualified', { date: formatDate(detail.qualified_at) }) : ''}
        {detail.expires_at ? q('person.validUntil', { date: formatDate(detail.expires_at) }) : ''}
      </Text>
      <MissingSteps missing={detail.missing} size="sm" />
      {/* A failed practical check on the kiosk names the steps to redo, while the sign-off is still missing. */}
      {detail.last_practical && !detail.last_practical.passed && detail.missing.includes('signoff') && (
        <Text size="sm" mt={4} data-testid="practical-failed">
          {q('person.practicalFailed', { when: formatDateTime(detail.last_practical.recorded_at), name: detail.last_practical.trainer_name })}{' '}
          <span translate="no">{detail.last_practical.failed_steps.join(' · ')}</span>
        </Text>
      )}
      {/* Its supervisor opens the last practical check: every step with its note and photo, and its evidence record. */}
      {detail.last_practical && isSuperUser && (
        <Group gap="xs" mt={4}>
          <Text size="sm">
            {q(detail.last_practical.passed ? 'person.practicalPassed' : 'person.practicalLast', {
              when: formatDateTime(detail.last_practical.recorded_at),
              name: detail.last_practical.trainer_name,
            })}
          </Text>
          <Button
            variant="default"
            size="compact-sm"
            onClick={() => setOpenCheck(detail.last_practical?.id ?? null)}
            aria-label={q('person.practicalOpenAt', { station: detail.station_name })}
          >
            {q('person.practicalOpen')}
          </Button>
        </Group>
      )}
      <PracticalCheckDetails checkId={openCheck} onClose={() => setOpenCheck(null)} />
      <Table mt="sm" withTableBorder>
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">{q('person.requiredVideo')}</Table.Th>
            {/* Four columns do not fit a phone: the completed column names the revision done there. */}
            <Table.Th scope="col" visibleFrom={checked ? 'sm' : undefined}>
              {q('person.currentRevision')}
            </Table.Th>
            <Table.Th scope="col">{q('person.completed')}</Table.Th>
            {checked && <Table.Th scope="col">{t('check.column')}</Table.Th>}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {detail.required.map((v) => (
            <Table.Tr key={v.video_id}>
              <Table.Td translate="no">{v.title}</Table.Td>
              <Table.Td visibleFrom={checked ? 'sm' : undefined}>{v.revision}</Table.Td>
              <Table.Td>
                {v.completed_at ? q('person.completedRevision', { revision: v.completed_revision, date: formatDate(v.completed_at) }) : q('person.notYet')}
              </Table.Td>
              {checked && (
                <Table.Td>
                  {!v.check_required
                    ? t('check.notRequired')
                    : v.check_passed_at
                      ? t('check.passedOn', { date: formatDate(v.check_passed_at) })
                      : t('check.notPassed')}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {detail.last_signoff && (
        <Text size="sm" mt="sm">
          <Trans
            t={q}
            i18nKey="person.lastSignoff"
            values={{ when: formatDateTime(detail.last_signoff.signed_at), name: detail.last_signoff.signed_by_name }}
            components={{ who: <span translate="no" /> }}
          />
          {detail.last_signoff.comment ? <span translate="no">: "{detail.last_signoff.comment}"</span> : ''}
        </Text>
      )}
      {detail.can_sign_off && <SignOffForm userId={userId} detail={detail} />}
    </Card>
  );
}

function SignOffForm({ userId, detail }: { userId: number; detail: QualificationDetail }) {
  const { t } = useTranslation('qualifications');
  const signOff = useSignOff();
  const [ticked, setTicked] = useState<string[]>([]);
  const [comment, setComment] = useState('');
  const complete = detail.checklist.every((item) => ticked.includes(item));
  return (
    <Stack mt="md" gap="xs">
      <Title order={3} size="h4">
        {t('person.signOffTitle')}
      </Title>
      <Checkbox.Group label={t('person.observed')} value={ticked} onChange={setTicked}>
        <Stack gap={6} mt={6}>
          {detail.checklist.map((item) => (
            <Checkbox key={item} value={item} label={<span translate="no">{item}</span>} />
          ))}
        </Stack>
      </Checkbox.Group>
      <Textarea label={t('person.comment')} autosize minRows={2} value={comment} onChange={(e) => setComment(e.currentTarget.value)} />
      <Group>
        <Button
          disabled={!complete}
          loading={signOff.isPending}
          onClick={() =>
            signOff.mutate(
              { station_id: detail.station_id, user_id: userId, checklist: detail.checklist.map((item) => ({ item, checked: true })), comment },
              { onSuccess: ({ message }) => message && notifySuccess(message), onError: notifyError },
            )
          }
        >
          {t('person.signOff')}
        </Button>
        {!complete && (
          <Text size="sm" c="dimmed">
            {t('person.tickAll')}
          </Text>
        )}
      </Group>
    </Stack>
  );
}
