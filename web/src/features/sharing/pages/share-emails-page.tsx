import {
  ActionIcon,
  Alert,
  Button,
  Card,
  Container,
  Group,
  Image,
  MultiSelect,
  SegmentedControl,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { SHARING_MESSAGES, type VideoCard } from '@mm/contract';
import { IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifyErrorMessage, notifySuccess } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useOrganizationTeams } from '../api/get-organization-teams.ts';
import { useTeamMembers } from '../api/get-team-members.ts';
import { useShareVideo } from '../api/share-video.ts';

type Mode = 'team' | 'organization' | 'email';
const MODES: { value: Mode; label: string }[] = [
  { value: 'team', label: 'Share with team members' },
  { value: 'organization', label: 'Share with all users in the organization' },
  { value: 'email', label: 'Share with a e-mail' },
];

/** /share/emails: share the video from navigation state (member spec, sections 2, 4, 5 and 8). */
export function ShareEmailsPage() {
  const session = useSignedInSession();
  const navigate = useNavigate();
  const video = (useLocation().state as { video?: VideoCard } | null)?.video;
  const canShareInOrganization = session.isSuperUser && !session.isGuestUser;
  const [mode, setMode] = useState<Mode>(canShareInOrganization ? 'team' : 'email');
  const [message, setMessage] = useState('');
  const [emailInput, setEmailInput] = useState('');
  const [emails, setEmails] = useState<string[]>([]);
  const [teamId, setTeamId] = useState<string | null>(null);
  const [members, setMembers] = useState<string[]>([]);
  const teams = useOrganizationTeams(session.organizationId, canShareInOrganization && mode === 'team');
  const users = useTeamMembers(canShareInOrganization && mode === 'team' && teamId !== null ? Number(teamId) : null);
  const share = useShareVideo();

  const teamMembers = useMemo(
    () => (users.data ?? []).filter((u) => u.id !== session.userId).map((u) => ({ value: String(u.id), label: `${u.name} ${u.last_name}`.trim() })),
    [users.data, session.userId],
  );

  if (session.isGuestUser) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2" mb="md">
          Share a video
        </Title>
        <Alert color="yellow" title="Sign up to share">
          <Stack gap="sm" align="flex-start">
            <Text>The guest account cannot share videos. Sign up for your own account to share videos with your team.</Text>
            <Button component={Link} to={paths.plans}>
              Sign up
            </Button>
          </Stack>
        </Alert>
      </Container>
    );
  }
  if (!video) {
    return (
      <Container size="sm" py="xl">
        <Title order={1} size="h2" mb="md">
          Share a video
        </Title>
        <Alert color="blue" title="No video chosen">
          Open a video and press Share Video to share it. <Link to={paths.home}>Back to Home</Link>
        </Alert>
      </Container>
    );
  }

  const changeMode = (next: string) => {
    // Recipients reset when the mode changes (member spec, section 4).
    setMode(next as Mode);
    setEmails([]);
    setEmailInput('');
    setTeamId(null);
    setMembers([]);
  };
  const addEmail = () => {
    const email = emailInput.trim().toLowerCase();
    if (email && !emails.includes(email)) setEmails([...emails, email]);
    setEmailInput('');
  };
  const allUsers = mode === 'organization';
  const hasRecipient = emails.length > 0 || members.length > 0 || allUsers;

  const submit = () => {
    if (!hasRecipient) {
      notifyErrorMessage(SHARING_MESSAGES.noRecipient);
      return;
    }
    share.mutate(
      {
        admin_video_id: video.admin_video_id,
        emails: JSON.stringify(emails),
        team_members: JSON.stringify(members.map(Number)),
        team_id: members.length > 0 && teamId ? Number(teamId) : undefined,
        send_to_all_organization_users: allUsers ? 1 : 0,
        share_link: window.location.origin,
        organization_id: session.organizationId ?? undefined,
        sub_category_id: video.sub_category_id,
        name: session.name,
        content: message,
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message ?? SHARING_MESSAGES.shared);
          navigate(paths.landing);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'no_plan') {
            notifyErrorMessage(SHARING_MESSAGES.noPlan);
            navigate(paths.plans);
            return;
          }
          notifyError(error);
        },
      },
    );
  };

  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Title order={1} size="h2">
          Share video
        </Title>
        <Card withBorder radius="md" data-testid="share-preview">
          <Group wrap="nowrap" align="flex-start">
            {video.default_image && <Image src={video.default_image} alt="" w={160} h={90} radius="sm" fit="cover" />}
            <Stack gap={4}>
              <Text fw={600}>{video.title}</Text>
              <Text size="sm" c="dimmed">
                {video.duration}
              </Text>
            </Stack>
          </Group>
        </Card>
        <Textarea
          label="Personal message"
          placeholder="Write a message for the people you share with"
          autosize
          minRows={3}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {canShareInOrganization && (
          <SegmentedControl data={MODES} value={mode} onChange={changeMode} aria-label="Share mode" fullWidth orientation="vertical" />
        )}
        {mode === 'team' && canShareInOrganization && (
          <Stack gap="sm">
            <Select
              label="Team"
              placeholder="Choose a team"
              data={(teams.data ?? []).map((t) => ({ value: String(t.id), label: t.name }))}
              value={teamId}
              onChange={(value) => {
                setTeamId(value);
                setMembers([]);
              }}
            />
            {teamId && (
              <MultiSelect
                label="Team members"
                placeholder="Choose members"
                data={teamMembers}
                value={members}
                onChange={setMembers}
                searchable
                nothingFoundMessage="No members in this team"
              />
            )}
          </Stack>
        )}
        {mode === 'email' && (
          <Stack gap="sm">
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                type="email"
                label="Email"
                placeholder="name@company.com"
                value={emailInput}
                onChange={(e) => setEmailInput(e.currentTarget.value)}
                onKeyDown={(e) => {
                  if (e.key === 'Enter') {
                    e.preventDefault();
                    addEmail();
                  }
                }}
                style={{ flex: 1 }}
              />
              <Button variant="default" onClick={addEmail}>
                Add
              </Button>
            </Group>
            {emails.length > 0 && (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label="Added e-mails">
                {emails.map((email) => (
                  <Group key={email} component="li" justify="space-between" wrap="nowrap">
                    <Text size="sm">{email}</Text>
                    <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${email}`} onClick={() => setEmails(emails.filter((e) => e !== email))}>
                      <IconX size={16} />
                    </ActionIcon>
                  </Group>
                ))}
              </Stack>
            )}
          </Stack>
        )}
        {hasRecipient ? (
          <Group>
            <Button onClick={submit} loading={share.isPending}>
              Share
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            Add at least one recipient to share this video.
          </Text>
        )}
      </Stack>
    </Container>
  );
}
