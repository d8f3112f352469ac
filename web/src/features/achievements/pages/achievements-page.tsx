import { Button, Card, Container, Group, Image, Loader, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { CertificateItem } from '@mm/contract';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths, videoPath } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/date.ts';
import { notifyError } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { downloadCertificate } from '../api/download-certificate.ts';
import { useUserCertifications } from '../api/get-user-certifications.ts';

/** Alerts and dates use the pt-BR format (member spec, section 9): dd/mm/yyyy. */

function ObtainedCard({ cert }: { cert: CertificateItem }) {
  const download = () => downloadCertificate(cert).catch(notifyError);
  return (
    <Card withBorder radius="md" padding="md" data-testid="obtained-certificate">
      <Group wrap="nowrap" align="flex-start">
        {cert.picture && <Image src={cert.picture} alt="" w={64} h={64} radius="sm" />}
        <Stack gap={4}>
          <Text fw={700}>{cert.name}</Text>
          <Text size="sm" c="dimmed">
            Issued on {formatDate(cert.created_at)}
          </Text>
          {cert.valid_until && (
            <Text size="sm" fw={600} c={cert.expired ? 'red.9' : 'dark.6'}>
              {cert.expired
                ? `Expired on ${formatDate(cert.valid_until)}: watch the training again to renew it`
                : `Valid until ${formatDate(cert.valid_until)}`}
            </Text>
          )}
          <Text size="xs" c="dimmed">
            Verification code: <Link to={`/verify/${cert.verification_code}`}>{cert.verification_code}</Link>
          </Text>
          <Button size="xs" variant="light" onClick={download} w="fit-content">
            Download PDF
          </Button>
        </Stack>
      </Group>
    </Card>
  );
}

/** /achievements: obtained certificates and the rest of the path (member spec, section 2). */
export function AchievementsPage() {
  const session = useSignedInSession();
  const certs = useUserCertifications(session.userId);
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
            Certificates
          </Title>
          {last_video_id !== null && (
            <Button component={Link} to={videoPath(last_video_id)}>
              Earn more certificates
            </Button>
          )}
        </Group>
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="xl">
          <Stack gap="sm">
            <Title order={2} size="h3">
              Your certificates
            </Title>
            {certifications.length === 0 && <Text c="dimmed">No certificate yet.</Text>}
            {certifications.map((c) => (
              <ObtainedCard key={c.id} cert={c} />
            ))}
            {micro_certifications.length > 0 && (
              <Title order={3} size="h4" mt="sm">
                Micro-certificates
              </Title>
            )}
            {micro_certifications.map((c) => (
              <ObtainedCard key={c.id} cert={c} />
            ))}
          </Stack>
          <Stack gap="sm">
            <Title order={2} size="h3">
              Available certificates
            </Title>
            {available.map((c) => (
              <Card key={c.category_id} withBorder radius="md" padding="md" bg="gray.0" style={{ borderStyle: 'dashed' }}>
                <Text fw={700}>{c.name}</Text>
                <Text size="sm" c="dimmed">
                  Not yet obtained
                </Text>
              </Card>
            ))}
          </Stack>
        </SimpleGrid>
      </Stack>
    </Container>
  );
}
