import { Alert, Badge, Button, Card, CopyButton, Group, Modal, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import type { ScimSettingsData, ScimTokenData } from '@mm/contract';
import { useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDateTime } from '../../../lib/date.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useCreateScimToken } from '../api/create-scim-token.ts';
import { useScimSettings } from '../api/get-scim-settings.ts';
import { useRevokeScimToken } from '../api/revoke-scim-token.ts';

/** /manage-organization/provisioning: the SCIM base URL and token an identity provider (Entra, Okta) provisions members with. */
export function ProvisioningPage() {
  const settings = useScimSettings();
  return (
    <AdminPage title="Provisioning (SCIM)" size="md">
      {settings.isPending && <PageLoader label="Loading provisioning..." />}
      {settings.isError && <Alert color="red">{settings.error.message}</Alert>}
      {settings.data && (
        <Stack gap="xl">
          <Text>
            Your identity provider (Microsoft Entra ID, Okta) can create, update and deactivate your members, and keep your teams, over SCIM 2.0. A deactivated
            member is signed out at once and frees their seat.
          </Text>
          <Connection settings={settings.data} />
          <Requests requests={settings.data.requests} />
        </Stack>
      )}
    </AdminPage>
  );
}

/** A read-only value with its Copy button; `wrap` shows a long secret whole on a phone rather than cut at the field's edge. */
function CopyField({ label, value, wrap = false }: { label: string; value: string; wrap?: boolean }) {
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
          <Button variant="default" onClick={copy} aria-label={`Copy the ${label.toLowerCase()}`}>
            {copied ? 'Copied' : 'Copy'}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

function Connection({ settings }: { settings: ScimSettingsData }) {
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
          Connection
        </Title>
        <CopyField label="SCIM base URL" value={settings.base_url} />
        <Text size="sm" c="dimmed">
          In Microsoft Entra this is the Tenant URL; in Okta, the SCIM connector base URL (unique identifier: userName, authentication: HTTP header).
        </Text>
        <Group justify="space-between" align="center" wrap="wrap">
          <div>
            <Group gap="xs">
              <Text fw={600}>Bearer token</Text>
              {/* Shades dark enough for the badges' small white text (4.5:1). */}
              {token ? <Badge color="teal.9">Active</Badge> : <Badge color="gray.8">None</Badge>}
            </Group>
            <Text size="sm" c="dimmed">
              {token
                ? `Created ${formatDateTime(token.created_at)} · ${token.last_used_at ? `last used ${formatDateTime(token.last_used_at)}` : 'never used yet'}`
                : 'Create a token and paste it into your identity provider as the secret token.'}
            </Text>
          </div>
          <Group gap="xs">
            {token ? (
              <>
                <Button variant="default" onClick={() => setConfirming('rotate')}>
                  Rotate token
                </Button>
                <Button color="red" variant="light" onClick={() => setConfirming('revoke')}>
                  Revoke
                </Button>
              </>
            ) : (
              <Button onClick={createToken} loading={create.isPending}>
                Create token
              </Button>
            )}
          </Group>
        </Group>
      </Stack>

      <Modal
        opened={confirming !== null}
        onClose={() => setConfirming(null)}
        title={confirming === 'revoke' ? 'Revoke the SCIM token?' : 'Rotate the SCIM token?'}
      >
        <Stack>
          <Text size="sm">
            {confirming === 'revoke'
              ? 'Your identity provider can no longer provision members until you create a new token. Members already provisioned stay as they are.'
              : 'A new token is created and the current one stops working at once: paste the new one into your identity provider.'}
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(null)}>
              Cancel
            </Button>
            {confirming === 'revoke' ? (
              <Button color="red" onClick={revokeToken} loading={revoke.isPending}>
                Revoke token
              </Button>
            ) : (
              <Button onClick={createToken} loading={create.isPending}>
                Create new token
              </Button>
            )}
          </Group>
        </Stack>
      </Modal>

      <Modal opened={created !== null} onClose={() => setCreated(null)} title="Your new SCIM token" size="lg">
        {created && (
          <Stack>
            <Alert color="orange" variant="light" title="Shown only this once">
              Copy the token now and paste it into your identity provider. We keep only a fingerprint of it: if it is lost, rotate it.
            </Alert>
            <CopyField label="Secret token" value={created.token} wrap />
            <CopyField label="SCIM base URL" value={created.base_url} />
            <Group justify="flex-end">
              <Button onClick={() => setCreated(null)}>I have copied it</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}

function Requests({ requests }: { requests: ScimSettingsData['requests'] }) {
  return (
    <Stack gap="sm">
      <Title order={2} size="h3">
        Last provisioning requests
      </Title>
      {requests.length === 0 ? (
        <Text c="dimmed">No provisioning request yet. They appear here once your identity provider starts calling.</Text>
      ) : (
        <Table.ScrollContainer minWidth={300}>
          <Table striped withTableBorder>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>When</Table.Th>
                <Table.Th>Request</Table.Th>
                <Table.Th>Status</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {requests.map((request, i) => (
                // The same call may come twice in one millisecond: the position keeps the rows apart.
                // biome-ignore lint/suspicious/noArrayIndexKey: the log has no id of its own and never reorders while shown.
                <Table.Tr key={`${request.at}-${i}`}>
                  <Table.Td>{formatDateTime(request.at)}</Table.Td>
                  <Table.Td style={{ wordBreak: 'break-all' }}>
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
