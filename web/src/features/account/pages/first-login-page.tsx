import { Anchor, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { updateSession, useSignedInSession } from '../../../lib/session.ts';
import { useUserInfo } from '../api/get-user-info.ts';
import { EditInfoForm } from '../components/edit-info-form.tsx';

const AFTER_SAVE_MS = 1000;

/** /firstLogin: the member completes their profile on their first sign-in, then goes home (administration spec). */
export function FirstLoginPage() {
  const { t } = useTranslation('account');
  const session = useSignedInSession();
  const info = useUserInfo(session.userId);
  const navigate = useNavigate();

  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('firstLogin.title', { name: session.name })}
        </Title>
        <Text c="dimmed">{t('firstLogin.intro')}</Text>
        {info.data ? (
          <EditInfoForm
            info={info.data}
            canEditTeamAndRole={session.isSuperUser}
            firstLogin
            onSaved={() => {
              updateSession({ first_login: 0 });
              window.setTimeout(() => navigate(paths.home, { replace: true }), AFTER_SAVE_MS);
            }}
          />
        ) : (
          <Loader />
        )}
        <Text size="sm">
          <Trans t={t} i18nKey="firstLogin.kiosk" components={{ pin: <Anchor component={Link} to={paths.account.kioskPin} /> }} />
        </Text>
      </Stack>
    </Container>
  );
}
