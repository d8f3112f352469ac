import { Alert, Button, Code, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { useEvidenceVerification } from '../api/get-evidence-verification.ts';
import { qualificationPaths } from '../paths.ts';

/**
 * /qualifications/verify: the evidence chain checked record by record, as an auditor would ask, and optionally
 * against a head the organization kept (from an audit pack or the weekly e-mail, whose link fills it in).
 */
export function VerifyEvidencePage() {
  const { t } = useTranslation('qualifications');
  const [search, setSearch] = useSearchParams();
  const kept = { head: search.get('head') ?? undefined, head_at: search.get('head_at') ?? undefined };
  const check = useEvidenceVerification(kept.head || kept.head_at ? kept : {});
  const [head, setHead] = useState(kept.head ?? '');
  const [headAt, setHeadAt] = useState(kept.head_at ?? '');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSearch(head.trim() || headAt.trim() ? { head: head.trim(), head_at: headAt.trim() } : {});
  };
  return (
    <AdminPage title={t('verify.title')} back={qualificationPaths.root}>
      <Text mb="md">{t('verify.intro')}</Text>
      <form onSubmit={submit}>
        <Stack gap="xs" mb="md">
          <Text fw={600}>{t('verify.againstHead')}</Text>
          <Text size="sm" c="dimmed">
            {t('verify.againstHeadHelp')}
          </Text>
          <Group align="flex-end" wrap="wrap">
            <TextInput
              label={t('verify.headHash')}
              value={head}
              onChange={(e) => setHead(e.currentTarget.value)}
              placeholder={t('verify.headHashPlaceholder')}
              style={{ flex: '2 1 18rem' }}
            />
            <TextInput
              label={t('verify.headTime')}
              value={headAt}
              onChange={(e) => setHeadAt(e.currentTarget.value)}
              placeholder={t('verify.headTimePlaceholder')}
              style={{ flex: '1 1 12rem' }}
            />
            <Button type="submit">{t('verify.check')}</Button>
          </Group>
        </Stack>
      </form>
      {check.isPending && <PageLoader label={t('verify.checking')} />}
      {check.isError && <Alert color="red">{check.error.message}</Alert>}
      {check.data &&
        (check.data.intact ? (
          <Alert color="green" title={t(kept.head ? 'verify.intactWithHead' : 'verify.intact', { count: check.data.records })}>
            <Stack gap={4}>
              <Text size="sm">
                {check.data.head ? t('verify.head', { sequence: check.data.head.sequence, at: formatDateTime(check.data.head.at) }) : t('verify.noRecords')}
              </Text>
              {check.data.head && (
                <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }} translate="no">
                  {`${check.data.head.hash}\n${check.data.head.at}`}
                </Code>
              )}
            </Stack>
          </Alert>
        ) : (
          <Alert color="red" title={t('verify.broken', { count: check.data.breaks.length })}>
            <Text size="sm" mb="xs">
              {t('verify.brokenHelp')}
            </Text>
            <List size="sm" spacing={4}>
              {check.data.breaks.map((b) => (
                <List.Item key={`${b.kind}-${b.sequence}-${b.message}`} style={{ overflowWrap: 'anywhere' }}>
                  {b.message}
                </List.Item>
              ))}
            </List>
          </Alert>
        ))}
    </AdminPage>
  );
}
