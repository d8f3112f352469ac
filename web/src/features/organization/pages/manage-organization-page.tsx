import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { paths } from '../../../config/paths.ts';

// Each link's title and text are organization:hub.links.<key>.
const LINKS = [
  { to: paths.organization.edit, key: 'edit' },
  { to: paths.organization.createTeam, key: 'createTeam' },
  { to: paths.organization.editTeams, key: 'editTeams' },
  { to: paths.organization.learningPathCreator, key: 'learningPath' },
  { to: paths.manageTeam, key: 'users' },
  { to: paths.qualifications.root, key: 'qualifications' },
  { to: paths.studio, key: 'studio' },
  { to: paths.toolbox, key: 'toolbox' },
  { to: paths.organization.qrCodes, key: 'qrCodes' },
  { to: paths.organization.kiosks, key: 'kiosks' },
  { to: paths.organization.sso, key: 'sso' },
  { to: paths.organization.provisioning, key: 'provisioning' },
  { to: paths.organization.integrations, key: 'integrations' },
];

/** /manage-organization: the administration hub. */
export function ManageOrganizationPage() {
  const { t } = useTranslation('organization');
  return (
    <AdminPage title={t('hub.title')} back={paths.home}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {LINKS.map((link) => (
          <Card key={link.to} component={Link} to={link.to} withBorder padding="lg">
            <Title order={3} size="h4">
              {t(`hub.links.${link.key}.title`)}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {t(`hub.links.${link.key}.text`)}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
