import {
  Alert,
  Badge,
  Button,
  Card,
  Code,
  Group,
  PasswordInput,
  SegmentedControl,
  Stack,
  Switch,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { modals } from '@mantine/modals';
import type { SsoConnectionData } from '@mm/contract';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { formatDate } from '../../../lib/date.ts';
import { adminNotify } from '../../../lib/notify.ts';
import { useDeleteSsoConnection } from '../api/delete-sso-connection.ts';
import { useSsoConnection } from '../api/get-sso-connection.ts';
import { useSaveSamlConnection } from '../api/save-saml-connection.ts';
import { useSaveSsoConnection } from '../api/save-sso-connection.ts';

type Protocol = SsoConnectionData['protocol'];

/** /manage-organization/sso: the organization's single sign-on connection, OpenID Connect or SAML 2.0 (super user). */
export function SsoSettingsPage() {
  const { t } = useTranslation('sso');
  const connection = useSsoConnection();
  return (
    <AdminPage title={t('title')} size="sm">
      {connection.isPending && <PageLoader label={t('loading')} />}
      {connection.isError && (
        <Alert color="red" role="alert">
          {connection.error.message}
        </Alert>
      )}
      {/* Keyed by what is saved: a save or a delete shows the fields as the server now has them. */}
      {connection.data && (
        <ConnectionSettings
          key={`${connection.data.configured}-${connection.data.protocol}-${connection.data.issuer}-${connection.data.saml?.entity_id}`}
          connection={connection.data}
        />
      )}
    </AdminPage>
  );
}

const wrapAnywhere = { overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' } as const;

function ConnectionSettings({ connection }: { connection: SsoConnectionData }) {
  const { t } = useTranslation('sso');
  const [protocol, setProtocol] = useState<Protocol>(connection.protocol);
  const remove = useDeleteSsoConnection();

  const confirmDelete = () =>
    modals.openConfirmModal({
      title: t('deleteDialog.title'),
      children: <Text size="sm">{t('deleteDialog.body')}</Text>,
      labels: { confirm: t('deleteDialog.confirm'), cancel: t('deleteDialog.cancel') },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        remove.mutate(undefined, {
          onSuccess: ({ message }) => {
            if (message) adminNotify.success(message);
          },
          onError: adminNotify.error,
        }),
    });

  const protocolName = (p: Protocol) => t(`protocol.${p}`);

  return (
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap" gap="xs">
            <Title order={2} size="h4">
              {connection.configured ? protocolName(connection.protocol) : t('title')}
            </Title>
            <Badge color={connection.configured ? 'green' : 'gray'} variant="light">
              {connection.configured ? t('status.connected') : t('status.notSetUp')}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {t('status.intro')}
          </Text>
          {connection.configured && (
            <Group justify="flex-end">
              <Button color="red" variant="light" onClick={confirmDelete} loading={remove.isPending}>
                {t('status.delete')}
              </Button>
            </Group>
          )}
        </Stack>
      </Card>

      <Stack gap="xs">
        <Text size="sm" fw={500} id="sso-protocol-label">
          {t('protocol.label')}
        </Text>
        <SegmentedControl
          aria-labelledby="sso-protocol-label"
          value={protocol}
          onChange={(value) => setProtocol(value as Protocol)}
          data={[
            { value: 'oidc', label: protocolName('oidc') },
            { value: 'saml', label: protocolName('saml') },
          ]}
          fullWidth
        />
        {connection.configured && protocol !== connection.protocol && (
          <Alert color="yellow" variant="light">
            {t('protocol.replaces', { current: protocolName(connection.protocol) })}
          </Alert>
        )}
      </Stack>

      {protocol === 'oidc' ? <OidcForm connection={connection} /> : <SamlForm connection={connection} />}
    </Stack>
  );
}

/** The fields both protocols share: domains, the team claim or attribute, and whether passwords still work. */
function useCommonFields(connection: SsoConnectionData) {
  const [domains, setDomains] = useState(connection.domains);
  const [passwordSignIn, setPasswordSignIn] = useState(connection.password_sign_in);
  const [team, setTeam] = useState(connection.team_claim ?? '');
  return { domains, setDomains, passwordSignIn, setPasswordSignIn, team, setTeam };
}

function CommonFields({ fields, teamLabel, teamHelp }: { fields: ReturnType<typeof useCommonFields>; teamLabel: string; teamHelp: string }) {
  const { t } = useTranslation('sso');
  return (
    <>
      <TagsInput
        label={t('common.domains')}
        description={t('common.domainsHelp')}
        placeholder={fields.domains.length === 0 ? t('common.domainPlaceholder') : undefined}
        value={fields.domains}
        onChange={(values) => fields.setDomains(values.map((v) => v.trim().toLowerCase()).filter(Boolean))}
        splitChars={[',', ' ']}
        required
      />
      <TextInput label={teamLabel} description={teamHelp} value={fields.team} onChange={(e) => fields.setTeam(e.currentTarget.value)} />
      <Switch
        label={t('common.passwordSignIn')}
        description={t('common.passwordSignInHelp')}
        checked={fields.passwordSignIn}
        onChange={(e) => fields.setPasswordSignIn(e.currentTarget.checked)}
      />
    </>
  );
}

function SaveRow({ error, pending }: { error: Error | null; pending: boolean }) {
  const { t } = useTranslation('sso');
  return (
    <>
      {error && (
        <Alert color="red" variant="light" role="alert">
          {error.message}
        </Alert>
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={pending}>
          {t('common.save')}
        </Button>
      </Group>
    </>
  );
}

function OidcForm({ connection }: { connection: SsoConnectionData }) {
  const { t } = useTranslation('sso');
  const save = useSaveSsoConnection();
  const oidc = connection.protocol === 'oidc';
  const [issuer, setIssuer] = useState(oidc ? connection.issuer : '');
  const [clientId, setClientId] = useState(oidc ? connection.client_id : '');
  const [clientSecret, setClientSecret] = useState('');
  const fields = useCommonFields(connection);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        domains: fields.domains,
        password_sign_in: fields.passwordSignIn,
        team_claim: fields.team.trim() || null,
      },
      {
        onSuccess: ({ message }) => {
          setClientSecret('');
          if (message) adminNotify.success(message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Text size="sm">{t('oidc.redirect')}</Text>
          <Code block style={wrapAnywhere} translate="no">
            {connection.redirect_uri}
          </Code>
        </Stack>
      </Card>
      <form onSubmit={submit} noValidate aria-label={t('oidc.formLabel')}>
        <Stack gap="md">
          <TextInput label={t('oidc.issuer')} description={t('oidc.issuerHelp')} required value={issuer} onChange={(e) => setIssuer(e.currentTarget.value)} />
          <TextInput label={t('oidc.clientId')} required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} autoComplete="off" />
          <PasswordInput
            visibilityToggleButtonProps={{ 'aria-label': t('common.showSecret') }}
            label={t('oidc.clientSecret')}
            description={connection.has_client_secret ? t('oidc.secretStored') : t('oidc.secretNew')}
            required={!connection.has_client_secret}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <CommonFields fields={fields} teamLabel={t('oidc.teamClaim')} teamHelp={t('oidc.teamClaimHelp')} />
          <SaveRow error={save.error} pending={save.isPending} />
        </Stack>
      </form>
    </Stack>
  );
}

function Value({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Stack gap={2}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Code block style={wrapAnywhere} translate="no">
        {children}
      </Code>
    </Stack>
  );
}

function SamlForm({ connection }: { connection: SsoConnectionData }) {
  const { t } = useTranslation('sso');
  const save = useSaveSamlConnection();
  const [metadataUrl, setMetadataUrl] = useState(connection.saml?.metadata_url ?? '');
  const [metadataXml, setMetadataXml] = useState('');
  const fields = useCommonFields(connection);
  const sp = connection.service_provider;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        metadata_url: metadataUrl.trim() || undefined,
        metadata_xml: metadataXml.trim() || undefined,
        domains: fields.domains,
        password_sign_in: fields.passwordSignIn,
        team_claim: fields.team.trim() || null,
      },
      {
        onSuccess: ({ message }) => {
          setMetadataXml('');
          if (message) adminNotify.success(message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Card withBorder padding="lg">
        <Stack gap="sm">
          <Title order={2} size="h5">
            {t('saml.spTitle')}
          </Title>
          <Text size="sm" c="dimmed">
            {t('saml.spHelp')}
          </Text>
          <Value label={t('saml.entityId')}>{sp.entity_id}</Value>
          <Value label={t('saml.acsUrl')}>{sp.acs_url}</Value>
          <Group>
            <Button component="a" href={sp.metadata_url} download variant="light">
              {t('saml.download')}
            </Button>
          </Group>
        </Stack>
      </Card>

      {connection.saml && (
        <Card withBorder padding="lg">
          <Stack gap="sm">
            <Title order={2} size="h5">
              {t('saml.current')}
            </Title>
            <Value label={t('saml.idpEntityId')}>{connection.saml.entity_id}</Value>
            <Value label={t('saml.ssoUrl')}>{connection.saml.sso_url}</Value>
            {connection.saml.certificate_expires_at !== null && (
              <Text size="sm">{t('saml.certificateUntil', { date: formatDate(connection.saml.certificate_expires_at) })}</Text>
            )}
          </Stack>
        </Card>
      )}

      <form onSubmit={submit} noValidate aria-label={t('saml.formLabel')}>
        <Stack gap="md">
          <TextInput
            label={t('saml.metadataUrl')}
            description={t('saml.metadataUrlHelp')}
            value={metadataUrl}
            onChange={(e) => setMetadataUrl(e.currentTarget.value)}
            type="url"
          />
          <Textarea
            label={t('saml.metadataXml')}
            description={t('saml.metadataXmlHelp')}
            value={metadataXml}
            onChange={(e) => setMetadataXml(e.currentTarget.value)}
            autosize
            minRows={3}
            maxRows={10}
            styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)', fontSize: 'var(--mantine-font-size-xs)' } }}
          />
          <CommonFields fields={fields} teamLabel={t('saml.teamAttribute')} teamHelp={t('saml.teamAttributeHelp')} />
          <SaveRow error={save.error} pending={save.isPending} />
        </Stack>
      </form>
    </Stack>
  );
}
