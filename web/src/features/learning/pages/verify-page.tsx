import { Alert, Container, Loader, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconRosetteDiscountCheckFilled } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { formatDate } from '../../../lib/date.ts';
import { useVerification } from '../api/get-verification.ts';
import { CertificateFrame } from '../components/certificate-frame.tsx';

/** /verify/:code: anyone checks a certificate by its verification code. */
export function VerifyPage() {
  const { code = '' } = useParams();
  const verification = useVerification(code);
  const { t } = useTranslation('achievements');
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1} size="h2">
          {t('verify.title')}
        </Title>
        {verification.isPending && <Loader />}
        {verification.isError && (
          <Alert color="red" title={t('verify.notValid')}>
            {t('verify.noSuch', { code })}
          </Alert>
        )}
        {verification.data && (
          <Stack gap="sm">
            {/* Dark text on a light tint: 4.5:1 and more (the green words on white were under it). */}
            <Alert
              color={verification.data.valid ? 'green' : 'red'}
              variant="light"
              icon={verification.data.valid ? <IconRosetteDiscountCheckFilled aria-hidden /> : <IconAlertTriangle aria-hidden />}
              styles={{ message: { color: verification.data.valid ? '#1b4d24' : '#7a1616', fontWeight: 700, fontSize: 18 } }}
              data-testid="verification-status"
            >
              {verification.data.valid ? t('verify.valid') : t('verify.expired')}
              {verification.data.valid_until && (
                <Text fw={600} size="sm" c="inherit">
                  {t(verification.data.valid ? 'verify.validUntil' : 'verify.expiredOn', { date: formatDate(verification.data.valid_until) })}
                </Text>
              )}
            </Alert>
            <CertificateFrame
              kind={verification.data.kind}
              member={verification.data.member}
              title={verification.data.sub_category ? `${verification.data.category} - ${verification.data.sub_category}` : verification.data.category}
              organization={verification.data.organization}
              issuedOn={formatDate(verification.data.issued_at)}
              code={verification.data.verification_code}
            />
          </Stack>
        )}
      </Stack>
    </Container>
  );
}
