import { Card, SimpleGrid, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { AdminPage } from '../../../components/admin-page.tsx';
import { paths } from '../../../config/paths.ts';

const LINKS = [
  { to: paths.organization.edit, title: 'Edit organization', text: 'Change the banner of your organization.' },
  { to: paths.organization.createTeam, title: 'Create team', text: 'Group people into a new team.' },
  { to: paths.organization.editTeams, title: 'Edit teams', text: 'Rename, change members or delete teams.' },
  { to: paths.organization.learningPathCreator, title: 'Learning path creator', text: 'Order categories, mark them required, hide videos.' },
  { to: paths.manageTeam, title: 'Manage users', text: 'Create, edit and delete users.' },
  { to: paths.qualifications.root, title: 'Qualifications', text: 'Stations, who is cleared for each, sign-offs, expiry and the audit pack.' },
  { to: paths.studio, title: 'Studio', text: "Record, upload and publish your organization's own lessons; only its members see them." },
  { to: paths.toolbox, title: 'Toolbox talk', text: 'Show a clip to the crew at shift start, take attendance, print the sheet.' },
  { to: paths.organization.qrCodes, title: 'QR codes', text: 'Print labels for the machines: a phone camera opens the video.' },
  { to: paths.organization.kiosks, title: 'Kiosks', text: "Enrol a team's shared tablet, where members sign in with a PIN; revoke it." },
  { to: paths.organization.sso, title: 'Single sign-on', text: 'Let your people sign in with their company account (OpenID Connect).' },
  {
    to: paths.organization.provisioning,
    title: 'Provisioning (SCIM)',
    text: 'Let Microsoft Entra or Okta create, update and deactivate your members and teams.',
  },
  { to: paths.organization.integrations, title: 'Integrations', text: 'API tokens for your MES, ERP or HR system; webhooks when things happen.' },
];

/** /manage-organization: the administration hub. */
export function ManageOrganizationPage() {
  return (
    <AdminPage title="Manage organization" back={paths.home}>
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        {LINKS.map((link) => (
          <Card key={link.to} component={Link} to={link.to} withBorder padding="lg">
            <Title order={3} size="h4">
              {link.title}
            </Title>
            <Text c="dimmed" size="sm" mt={4}>
              {link.text}
            </Text>
          </Card>
        ))}
      </SimpleGrid>
    </AdminPage>
  );
}
