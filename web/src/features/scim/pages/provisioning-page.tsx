import { Alert, Badge, Button, Card, CopyButton, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ScimSettingsData, ScimTokenData } from '@mm/contract';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCreateScimToken } from '../api/create-scim-token.ts';
import { useScimSettings } from '../api/get-scim-settings.ts';
import { useRevokeScimToken } from '../api/revoke-scim-token.ts';

/** /manage-organization/provisioning: the SCIM base URL and token an identity provider (Entra, Okta) provisions members with. */
export function ProvisioningPage() {
  const { t } = useTranslation('sso', { keyPrefix: 'scim' });
  const settings = useScimSettings();
  return (
    <AdminPage title={t('title')} size="md">
      {settings.isPending && <PageLoader label={t('loading')} />}
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {settings.data && (
        <Stack gap="xl">
          <Text>{t('intro')}</Text>
          <Connection settings={settings.data} />
          <Requests requests={settings.data.requests} />
        </Stack>
      )}
    </AdminPage>
  );
}

/** A read-only value with its Copy button (named `copyLabel`); `wrap` shows a long secret whole on a phone rather than cut at the field's edge. */
function CopyField({ label, copyLabel, value, wrap = false }: { label: string; copyLabel: string; value: string; wrap?: boolean }) {
  const { t } = useTranslation('sso', { keyPrefix: 'scim' });
  const common = { label, value, readOnly: true, style: { flex: 1, minWidth: 0 } };
  return (
    <Group align="flex-end" gap="xs" wrap="nowrap">
      {wrap ? (
        <Textarea
          {...common}
          autosize
          minRows={1}
          styles={{ input: { fontFamily: 'monospace', wordBreak: 'break-all' } }}
          onFocus={(e) => e.currentTarget.select()}
        />
      ) : (
        <TextInput {...common} onFocus={(e) => e.currentTarget.select()} />
      )}
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button variant="default" onClick={copy} aria-label={copyLabel}>
            {copied ? t('copied') : t('copy')}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function Connection({ settings }: { settings: ScimSettingsData }) {
  const { t } = useTranslation('sso', { keyPrefix: 'scim' });
  const create = useCreateScimToken();
  const revoke = useRevokeScimToken();
  const [confirming, setConfirming] = useState<'rotate' | 'revoke' | null>(null);
  const [created, setCreated] = useState<ScimTokenData | null>(null);
  const { token } = settings;

  const createToken = () =>
    create.mutate(undefined, {
      onSuccess: ({ data }) => {
        setConfirming(null);
        setCreated(data);
      },
      onError: adminNotify.error,
    });
  const revokeToken = () =>
    revoke.mutate(undefined, {
      onSuccess: ({ message }) => {
        setConfirming(null);
        if (message) adminNotify.success(message);
      },
      onError: adminNotify.error,
    });

  return (
    <Card withBorder padding="lg">
      <Stack>
        <Title order={2} size="h3">
          {t('connection')}
        </Title>
        <CopyField label={t('baseUrl')} copyLabel={t('copyBaseUrl')} value={settings.base_url} />
        <Text size="sm" c="dimmed">
          {t('baseUrlHelp')}
        </Text>
        <Group justify="space-between" align="center" wrap="wrap">
          <div>
            <Group gap="xs">
              <Text fw={600}>{t('bearer')}</Text>
              {/* Shades dark enough for the badges' small white text (4.5:1). */}
              {token ? <Badge color="teal.9">{t('active')}</Badge> : <Badge color="gray.8">{t('none')}</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {token
                ? token.last_used_at
                  ? t('created', { created: formatDateTime(token.created_at), used: formatDateTime(token.last_used_at) })
                  : t('createdUnused', { created: formatDateTime(token.created_at) })
                : t('noToken')}
            </Text>
          </div>
          <Group gap="xs">
            {token ? (
              <>
                <Button variant="default" onClick={() => setConfirming('rotate')}>
                  {t('rotate')}
                </Button>
                <Button color="red" variant="light" onClick={() => setConfirming('revoke')}>
                  {t('revoke')}
                </Button>
              </>
            ) : (
              <Button onClick={createToken} loading={create.isPending}>
                {t('create')}
              </Button>
            )}
          </Group>
        </Group>
      </Stack>

      <Modal opened={confirming !== null} onClose={() => setConfirming(null)} title={confirming === 'revoke' ? t('revokeTitle') : t('rotateTitle')}>
        <Stack>
          <Text size="sm">{confirming === 'revoke' ? t('revokeText') : t('rotateText')}</Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              {t('cancel')}
            </Button>
            {confirming === 'revoke' ? (
              <Button color="red" onClick={revokeToken} loading={revoke.isPending}>
                {t('revokeToken')}
              </Button>
            ) : (
              <Button onClick={createToken} loading={create.isPending}>
                {t('createNew')}
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <Modal opened={created !== null} onClose={() => setCreated(null)} title={t('newTitle')} size="lg">
        {created && (
          <Stack>
            <Alert color="orange" variant="light" title={t('onceTitle')}>
              {t('onceText')}
            </Alert>
            <CopyField label={t('secret')} copyLabel={t('copySecret')} value={created.token} wrap />
            <CopyField label={t('baseUrl')} copyLabel={t('copyBaseUrl')} value={created.base_url} />
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>{t('copiedIt')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function Requests({ requests }: { requests: ScimSettingsData['requests'] }) {
  const { t } = useTranslation('sso', { keyPrefix: 'scim' });
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        {t('requests')}
      </Title>
      {requests.length === 0 ? (
        <Text c="dimmed">{t('noRequests')}</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('when')}</Table.Th>
                <Table.Th>{t('request')}</Table.Th>
                <Table.Th>{t('status')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request, i) => (
                // The same call may come twice in one millisecond: the position keeps the rows apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the log has no id of its own and never reorders while shown.
                <Table.Tr key={`${request.at}-${i}`}>
                  <Table.Td>{formatDateTime(request.at)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }} translate="no">
                    {request.method} {request.path}
                  </Table.Td>
                  <Table.Td>
                    <Badge color={request.status < 400 ? 'teal.9' : 'red.9'}>{request.status}</Badge>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </Stack>
  );
}
