import { Alert, Anchor, Container, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError } from '../../../lib/notify.ts';
import { updateSession } from '../../../lib/session.ts';
import { useConfirmPayment } from '../api/confirm-payment.ts';

/** After a confirmed payment the member is taken on after this long (member spec, section 9). */
const REDIRECT_AFTER_MS = 5000;

/** /success-payment: has the server confirm the checkout with the provider, then on to /add-team-member. */
export function SuccessPaymentPage() {
  const { t } = useTranslation('billing');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const confirm = useConfirmPayment();
  const [message, setMessage] = useState<string | null>(null);
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    confirm.mutate(
      {
        session_id: params.get('session_id') ?? '',
        userId: params.get('userId') ?? undefined,
        subscription_id: params.get('subscription_id') ?? undefined,
        payment_mode: params.get('payment_mode') ?? undefined,
      },
      {
        onSuccess: ({ data, message: text }) => {
          updateSession({ isSuperUser: data.is_super_user === 1 });
          // The server's whole sentence ("Payment confirmed. Your ... plan is active until ...", or "already confirmed"), in the
          // caller's language with the date as that language says it (server/locales/*/messages.json): said once, here.
          setMessage(text ?? t('payment.confirmed'));
          window.setTimeout(() => navigate(paths.addTeamMember, { replace: true }), REDIRECT_AFTER_MS);
        },
        onError: notifyError,
      },
    );
  }, [confirm, params, navigate, t]);

  // Opened without a checkout (no session id): the page's own words, in the catalogs like the rest of it.
  const noSession = confirm.error instanceof ApiError && confirm.error.code === 'payment_session_missing';
  return (
    <Container size="sm" py="xl">
      <Title order={1} mb="lg">
        {t('payment.title')}
      </Title>
      {confirm.isPending && (
        <Stack align="center" role="status">
          <Loader />
          <Text>{t('payment.confirming')}</Text>
        </Stack>
      )}
      {message && (
        <Alert color="green" variant="light" title={t('payment.thanks')}>
          <Text data-server-text>{message}</Text>
          <Text size="sm" c="dimmed" mt="xs">
            {t('payment.next')}
          </Text>
        </Alert>
      )}
      {confirm.isError && (
        <Alert color="red" variant="light" title={noSession ? t('payment.noSession') : t('payment.failed')}>
          <Text>{noSession ? t('payment.noSessionText') : confirm.error.message}</Text>
          <Group gap="md" mt="sm">
            <Anchor component={Link} to={paths.plans}>
              {t('payment.plans')}
            </Anchor>
            <Anchor component={Link} to={paths.billing}>
              {t('payment.billing')}
            </Anchor>
          </Group>
        </Alert>
      )}
    </Container>
  );
}
