import { Button, Card, Container, Group, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CertificateItem } from '@mm/contract';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths, videoPath } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useProfile } from '../../../lib/profile.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { downloadCertificate } from '../api/download-certificate.ts';
import { useUserCertifications } from '../api/get-user-certifications.ts';
import { CertificateFrame } from '../components/certificate-frame.tsx';

/** Alerts and dates use the pt-BR format (member spec, section 9): dd/mm/yyyy. */

function ObtainedCard({ cert, member, organization }: { cert: CertificateItem; member: string; organization: string | null }) {
  const { t } = useTranslation('achievements');
  const download = () => downloadCertificate(cert).catch(notifyError);
  return (
    <div data-testid="obtained-certificate">
      <CertificateFrame
        kind={cert.sub_category_id === null ? 'category' : 'sub_category'}
        member={member}
        title={cert.name}
        organization={organization}
        issuedOn={formatDate(cert.created_at)}
        code={cert.verification_code}
        picture={cert.picture}
      >
        {cert.valid_until && (
          <Text size="sm" fw={600} c={cert.expired ? 'red.9' : 'dark.6'}>
            {cert.expired ? t('page.expired', { date: formatDate(cert.valid_until) }) : t('page.validUntil', { date: formatDate(cert.valid_until) })}
          </Text>
        )}
        <Group gap="sm" justify="center" mt={4}>
          <Button size="xs" onClick={download}>
            {t('page.download')}
          </Button>
          <Button size="xs" variant="default" component={Link} to={`/verify/${cert.verification_code}`}>
            {t('page.verification')}
          </Button>
        </Group>
      </CertificateFrame>
    </div>
  );
}

/** /achievements: obtained certificates and the rest of the path (member spec, section 2). */
export function AchievementsPage() {
  const session = useSignedInSession();
  const { t } = useTranslation('achievements');
  const certs = useUserCertifications(session.userId);
  const profile = useProfile().data;
  const member = profile ? `${profile.name} ${profile.last_name}`.trim() : session.name;
  const navigate = useNavigate();
  useEffect(() => {
    if (certs.isError) navigate(paths.logout, { replace: true });
  }, [certs.isError, navigate]);

  if (!certs.data) return <Loader m="xl" />;
  const { certifications, micro_certifications, available, last_video_id } = certs.data;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            {t('page.title')}
          </Title>
          {last_video_id !== null && (
            <Button component={Link} to={videoPath(last_video_id)}>
              {t('page.earnMore')}
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('page.yours')}
            </Title>
            {certifications.length === 0 && <Text c="dimmed">{t('page.none')}</Text>}
            {certifications.map((c) => (
              <ObtainedCard key={c.id} cert={c} member={member} organization={session.organizationName} />
            ))}
            {micro_certifications.length > 0 && (
              <Title order={3} size="h4" mt="sm">
                {t('page.micro')}
              </Title>
            )}
            {micro_certifications.map((c) => (
              <ObtainedCard key={c.id} cert={c} member={member} organization={session.organizationName} />
            ))}
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h3">
              {t('page.available')}
            </Title>
            {available.map((c) => (
              <Card key={c.category_id} withBorder radius="md" padding="md" bg="gray.0" style={{ borderStyle: 'dashed' }}>
                <Text fw={700} translate="no">
                  {c.name}
                </Text>
                <Text size="sm" c="dimmed">
                  {t('page.notObtained')}
                </Text>
              </Card>
            ))}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
