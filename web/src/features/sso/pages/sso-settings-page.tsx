import { Alert, Badge, Button, Card, Code, Group, PasswordInput, Stack, Switch, TagsInput, Text, TextInput, Title } from '@mantine/core';
import type { SsoConnectionData } from '@mm/contract';
import { type FormEvent, useState } from 'react';
import { AdminPage } from '../../../components/admin-page.tsx';
import { PageLoader } from '../../../components/page-loader.tsx';
import { adminNotify } from '../../../lib/notify.ts';
import { useSsoConnection } from '../api/get-sso-connection.ts';
import { useSaveSsoConnection } from '../api/save-sso-connection.ts';

/** /manage-organization/sso: the organization's OpenID Connect connection (super user). */
export function SsoSettingsPage() {
  const connection = useSsoConnection();
  return (
    <AdminPage title="Single sign-on" size="sm">
      {connection.isPending && <PageLoader label="Loading the connection..." />}
      {connection.isError && (
        <Alert color="red" role="alert">
          {connection.error.message}
        </Alert>
      )}
      {connection.data && <ConnectionForm connection={connection.data} />}
    </AdminPage>
  );
}

function ConnectionForm({ connection }: { connection: SsoConnectionData }) {
  const save = useSaveSsoConnection();
  const [issuer, setIssuer] = useState(connection.issuer);
  const [clientId, setClientId] = useState(connection.client_id);
  const [clientSecret, setClientSecret] = useState('');
  const [domains, setDomains] = useState(connection.domains);
  const [passwordSignIn, setPasswordSignIn] = useState(connection.password_sign_in);
  const [teamClaim, setTeamClaim] = useState(connection.team_claim ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    save.mutate(
      {
        issuer: issuer.trim(),
        client_id: clientId.trim(),
        ...(clientSecret ? { client_secret: clientSecret } : {}),
        domains,
        password_sign_in: passwordSignIn,
        team_claim: teamClaim.trim() || null,
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
    <Stack gap="lg">
      <Card withBorder padding="lg">
        <Stack gap="xs">
          <Group justify="space-between" wrap="wrap">
            <Title order={2} size="h4">
              OpenID Connect
            </Title>
            <Badge color={connection.configured ? 'green' : 'gray'} variant="light">
              {connection.configured ? 'Connected' : 'Not set up'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            Your people sign in with their company account: on the sign-in page they choose “Continue with your company account” and type their work e-mail. A
            first sign-in creates their account, within your plan’s seats.
          </Text>
          <Text size="sm">Register this redirect address for the application at your identity provider:</Text>
          <Code block style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-wrap' }}>
            {connection.redirect_uri}
          </Code>
        </Stack>
      </Card>

      <form onSubmit={submit} noValidate aria-label="Single sign-on connection">
        <Stack gap="md">
          <TextInput
            label="Issuer"
            description="The identity provider’s address, such as https://login.example.com (its discovery document is read from there)."
            required
            value={issuer}
            onChange={(e) => setIssuer(e.currentTarget.value)}
          />
          <TextInput label="Client id" required value={clientId} onChange={(e) => setClientId(e.currentTarget.value)} autoComplete="off" />
          <PasswordInput
            label="Client secret"
            description={
              connection.has_client_secret
                ? 'A secret is stored (encrypted, never shown). Leave this empty to keep it.'
                : 'Stored encrypted, never shown again.'
            }
            required={!connection.has_client_secret}
            value={clientSecret}
            onChange={(e) => setClientSecret(e.currentTarget.value)}
            autoComplete="new-password"
          />
          <TagsInput
            label="E-mail domains"
            description="People whose work e-mail ends with one of these sign in here. A domain belongs to one organization. Press Enter after each."
            placeholder={domains.length === 0 ? 'example.com' : undefined}
            value={domains}
            onChange={(values) => setDomains(values.map((v) => v.trim().toLowerCase()).filter(Boolean))}
            splitChars={[',', ' ']}
            required
          />
          <TextInput
            label="Team claim (optional)"
            description="A claim of the ID token whose value is a team name, such as department: a new member joins that team."
            value={teamClaim}
            onChange={(e) => setTeamClaim(e.currentTarget.value)}
          />
          <Switch
            label="Members may also sign in with a password"
            description="Off: members sign in with their company account only. Super users always keep their password, to get in when the identity provider is down."
            checked={passwordSignIn}
            onChange={(e) => setPasswordSignIn(e.currentTarget.checked)}
          />
          {save.isError && (
            <Alert color="red" variant="light" role="alert">
              {save.error.message}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button type="submit" loading={save.isPending}>
              Save connection
            </Button>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
