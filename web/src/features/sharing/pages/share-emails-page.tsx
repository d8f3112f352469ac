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
import type { VideoCard } from '@mm/contract';
import { IconX } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { notifyError, notifyErrorMessage, notifySuccess } from '../../../lib/notify.ts';
import { useSignedInSession } from '../../../lib/session.ts';
import { useOrganizationTeams } from '../api/get-organization-teams.ts';
import { useTeamMembers } from '../api/get-team-members.ts';
import { useShareVideo } from '../api/share-video.ts';

type Mode = 'team' | 'organization' | 'email';
const MODES: Mode[] = ['team', 'organization', 'email'];

/** /share/emails: share the video from navigation state (member spec, sections 2, 4, 5 and 8). */
export function ShareEmailsPage() {
  const { t } = useTranslation('sharing');
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
          {t('title')}
        </Title>
        <Alert color="yellow" title={t('guest.title')}>
          <Stack gap="sm" align="flex-start">
            <Text>{t('guest.text')}</Text>
            <Button component={Link} to={paths.plans}>
              {t('guest.signUp')}
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
          {t('title')}
        </Title>
        <Alert color="blue" title={t('noVideo.title')}>
          {t('noVideo.text')} <Link to={paths.home}>{t('noVideo.home')}</Link>
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
      notifyErrorMessage(t('toasts.noRecipient'));
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
          notifySuccess(answer.message ?? t('toasts.shared'));
          navigate(paths.landing);
        },
        onError: (error) => {
          if (error instanceof ApiError && error.code === 'no_plan') {
            notifyErrorMessage(t('toasts.noPlan'));
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
          {t('form.title')}
        </Title>
        <Card withBorder radius="md" data-testid="share-preview">
          <Group wrap="nowrap" align="flex-start">
            {video.default_image && <Image src={video.default_image} alt="" w={160} h={90} radius="sm" fit="cover" />}
            <Stack gap={4}>
              <Text fw={600} translate="no">
                {video.title}
              </Text>
              <Text size="sm" c="dimmed">
                {video.duration}
              </Text>
            </Stack>
          </Group>
        </Card>
        <Textarea
          label={t('form.message')}
          placeholder={t('form.messagePlaceholder')}
          autosize
          minRows={3}
          maxLength={2000}
          value={message}
          onChange={(e) => setMessage(e.currentTarget.value)}
        />
        {canShareInOrganization && (
          <SegmentedControl
            data={MODES.map((value) => ({ value, label: t(`modes.${value}`) }))}
            value={mode}
            onChange={changeMode}
            aria-label={t('form.mode')}
            fullWidth
            orientation="vertical"
          />
        )}
        {mode === 'team' && canShareInOrganization && (
          <Stack gap="sm">
            <Select
              label={t('form.team')}
              placeholder={t('form.teamPlaceholder')}
              data={(teams.data ?? []).map((team) => ({ value: String(team.id), label: team.name }))}
              value={teamId}
              onChange={(value) => {
                setTeamId(value);
                setMembers([]);
              }}
            />
            {teamId && (
              <MultiSelect
                label={t('form.members')}
                placeholder={t('form.membersPlaceholder')}
                data={teamMembers}
                value={members}
                onChange={setMembers}
                searchable
                nothingFoundMessage={t('form.noMembers')}
              />
            )}
          </Stack>
        )}
        {mode === 'email' && (
          <Stack gap="sm">
            <Group align="flex-end" wrap="nowrap">
              <TextInput
                type="email"
                label={t('form.email')}
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
                {t('form.add')}
              </Button>
            </Group>
            {emails.length > 0 && (
              <Stack gap={4} component="ul" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('form.added')}>
                {emails.map((email) => (
                  <Group key={email} component="li" justify="space-between" wrap="nowrap">
                    <Text size="sm" translate="no">
                      {email}
                    </Text>
                    <ActionIcon
                      variant="subtle"
                      color="gray"
                      aria-label={t('form.remove', { email })}
                      onClick={() => setEmails(emails.filter((e) => e !== email))}
                    >
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
              {t('form.share')}
            </Button>
          </Group>
        ) : (
          <Text size="sm" c="dimmed">
            {t('form.needRecipient')}
          </Text>
        )}
      </Stack>
    </Container>
  );
}
