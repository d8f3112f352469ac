import { Alert, Anchor, Container, Paper, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef } from 'react';
import { Link, useNavigate } from 'react-router';
import { PageLoader } from '../../../components/page-loader.tsx';
import { paths } from '../../../config/paths.ts';
import { notifySuccess } from '../../../lib/notify.ts';
import { saveSession, sessionFromSignIn } from '../../../lib/session.ts';
import { useFinishSso } from '../api/finish-sso.ts';
import { takeBrowserKey } from '../browser-key.ts';

/** /sso/callback: where the identity provider sends the browser back; the server checks its answer and opens the session. */
export function SsoCallbackPage() {
  const finish = useFinishSso();
  const navigate = useNavigate();
  const sent = useRef(false);

  useEffect(() => {
    // Once, even when React runs the effect twice: the answer is good for one use.
    if (sent.current) return;
    sent.current = true;
    finish.mutate(
      { search: window.location.search, browser_key: takeBrowserKey() ?? 'none' },
      {
        onSuccess: ({ data, message }) => {
          saveSession(sessionFromSignIn(data));
          notifySuccess(message ?? 'Log-in successful!');
          navigate(paths.home, { replace: true });
        },
      },
    );
  }, [finish.mutate, navigate]);

  return (
    <Container size={460} px="md" py="xl" w="100%">
      <Paper withBorder shadow="sm" radius="md" p={{ base: 'md', sm: 'xl' }}>
        <Stack gap="md">
          <Title order={1} size="h2">
            Signing in with your company account
          </Title>
          {finish.isError ? (
            <>
              <Alert color="red" variant="light" title="You are not signed in" role="alert">
                {finish.error.message}
              </Alert>
              <Text size="sm" ta="center">
                <Anchor component={Link} to={paths.login}>
                  Back to sign in
                </Anchor>
              </Text>
            </>
          ) : (
            <PageLoader label="Checking your company account..." />
          )}
        </Stack>
      </Paper>
    </Container>
  );
}
