import { ActionIcon, Badge, Button, Group, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { VideoDetail } from '@mm/contract';
import {
  IconCategory,
  IconCheck,
  IconClock,
  IconCloudCheck,
  IconCloudDownload,
  IconDownload,
  IconMessageCircle,
  IconPlayerPlayFilled,
  IconPlus,
  IconShare,
  IconThumbDown,
  IconThumbDownFilled,
  IconThumbUp,
  IconThumbUpFilled,
} from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { KnowledgeCheckLinks } from '../../../../components/knowledge-check-link.tsx';
import { expertPath, paths } from '../../../../config/paths.ts';
import { formatDuration } from '../../../../lib/duration.ts';
import { notifyError, notifySuccess } from '../../../../lib/notify.ts';
import { canSaveOffline, removeVideoOffline, saveVideoOffline, useSavedOffline } from '../../../../lib/offline-media.ts';
import { continueLabel } from '../../../../lib/playback-position.ts';
import { useSignedInSession } from '../../../../lib/session.ts';
import { useDownloadPlaybook } from '../../api/download-playbook.ts';
import { useToggleWishlist } from '../../api/toggle-wishlist.ts';
import { useDislikeVideo, useLikeVideo } from '../../api/vote-video.ts';
import { usePlayVideo } from '../../hooks/use-play-video.ts';

/** What the contact-expert page receives when opened from a video. */
export type ContactExpertState = { videoId: number; videoTitle: string };

export function formatPrice(currency: string, amount: number, locale = 'en-US'): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency || 'USD' }).format(amount);
  } catch {
    return `${currency} ${amount}`;
  }
}

/** Overview (the panel's header holds the title): length, votes, price, description and the actions (member spec, section 2). */
export function OverviewTab({ video }: { video: VideoDetail }) {
  const { t, i18n } = useTranslation('browse');
  const session = useSignedInSession();
  const navigate = useNavigate();
  const play = usePlayVideo();
  const resumeLabel = continueLabel(video.resume_seconds, t);
  const resumeId = useId();
  const wishlist = useToggleWishlist();
  const like = useLikeVideo();
  const dislike = useDislikeVideo();
  const playbook = useDownloadPlaybook();
  const voting = like.isPending || dislike.isPending;
  const inList = video.wishlist_id !== null;
  // My List shows in_production videos only and the server refuses to add another; one already in the list can still leave it.
  const offerList = inList || video.in_production === 1;

  const toggleList = () =>
    wishlist.mutate(video.admin_video_id, {
      onSuccess: ({ message }) => message && notifySuccess(message),
      onError: notifyError,
    });
  const vote = (mutation: typeof like) =>
    mutation.mutate(video.admin_video_id, {
      onSuccess: ({ message }) => message && notifySuccess(message),
      onError: notifyError,
    });
  const downloadPlaybook = () => {
    // The guest cannot download: the plans page tells how to sign up (member spec, section 6).
    if (session.isGuestUser || !video.playbook_url) {
      navigate(paths.plans);
      return;
    }
    playbook.mutate({ url: video.playbook_url, title: video.title }, { onError: notifyError });
  };

  return (
    <Stack gap="md">
      <Group gap="md" c="dimmed">
        <Group gap={6} wrap="nowrap">
          <IconClock size={16} aria-hidden />
          <Text size="sm">
            <VisuallyHidden>{`${t('overview.length')} `}</VisuallyHidden>
            {formatDuration(video.duration)}
          </Text>
        </Group>
        <Group gap={6} wrap="nowrap">
          <IconCategory size={16} aria-hidden />
          <Text size="sm" translate="no">
            {video.category_name} / {video.sub_category_name}
          </Text>
        </Group>
        {video.should_display_ppv !== 0 && (
          <Badge color="orange" variant="filled">
            {formatPrice(video.currency, video.ppv_amount, i18n.language === 'en' ? 'en-US' : i18n.language)}
          </Badge>
        )}
      </Group>

      <Group gap="sm">
        <Button leftSection={<IconPlayerPlayFilled size={18} aria-hidden />} onClick={() => play(video)} aria-describedby={resumeLabel ? resumeId : undefined}>
          {t('overview.play')}
        </Button>
        {offerList && (
          <Button
            variant={inList ? 'filled' : 'default'}
            color={inList ? 'teal.8' : undefined}
            leftSection={inList ? <IconCheck size={18} aria-hidden /> : <IconPlus size={18} aria-hidden />}
            aria-pressed={inList}
            loading={wishlist.isPending}
            onClick={toggleList}
          >
            {t('overview.myList')}
          </Button>
        )}
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant={video.user_vote === 1 ? 'filled' : 'default'}
            size="lg"
            aria-label={t('overview.like')}
            aria-pressed={video.user_vote === 1}
            disabled={voting}
            loading={like.isPending}
            onClick={() => vote(like)}
          >
            {video.user_vote === 1 ? <IconThumbUpFilled size={18} aria-hidden /> : <IconThumbUp size={18} aria-hidden />}
          </ActionIcon>
          <Text size="sm" fw={600} miw={20} data-testid="like-count">
            {video.likes}
            <VisuallyHidden>{` ${t('overview.likes')}`}</VisuallyHidden>
          </Text>
        </Group>
        <Group gap={4} wrap="nowrap">
          <ActionIcon
            variant={video.user_vote === -1 ? 'filled' : 'default'}
            size="lg"
            aria-label={t('overview.dislike')}
            aria-pressed={video.user_vote === -1}
            disabled={voting}
            loading={dislike.isPending}
            onClick={() => vote(dislike)}
          >
            {video.user_vote === -1 ? <IconThumbDownFilled size={18} aria-hidden /> : <IconThumbDown size={18} aria-hidden />}
          </ActionIcon>
          <Text size="sm" fw={600} miw={20} data-testid="dislike-count">
            {video.dislikes}
            <VisuallyHidden>{` ${t('overview.dislikes')}`}</VisuallyHidden>
          </Text>
        </Group>
      </Group>
      {!session.isGuestUser && <SaveOffline video={video} />}
      {resumeLabel && (
        <Text size="sm" c="dimmed" id={resumeId} data-testid="resume-label">
          {resumeLabel}
        </Text>
      )}

      {video.description && (
        <Text style={{ whiteSpace: 'pre-line' }} maw={720} translate="no">
          {video.description}
        </Text>
      )}
      {video.title_machine && (
        <Text size="xs" c="dimmed">
          {t('overview.machineTitle')}
        </Text>
      )}

      <Group gap="sm">
        <Button variant="default" leftSection={<IconShare size={18} aria-hidden />} onClick={() => navigate(paths.shareEmails, { state: { video } })}>
          {t('overview.share')}
        </Button>
        <KnowledgeCheckLinks videoId={video.admin_video_id} isSuperUser={session.isSuperUser} isGuest={session.isGuestUser} />
        {(video.playbook_url || session.isGuestUser) && (
          <Button variant="default" leftSection={<IconDownload size={18} aria-hidden />} loading={playbook.isPending} onClick={downloadPlaybook}>
            {t('overview.playbook')}
          </Button>
        )}
      </Group>

      {video.cast_crews.length > 0 && (
        <Stack gap="xs" component="section" aria-label={t('overview.experts')}>
          <Text fw={700} size="sm" tt="uppercase" c="dimmed">
            {t('overview.experts')}
          </Text>
          {video.cast_crews.map((expert) => (
            <Group key={expert.cast_crew_id} gap="sm" justify="space-between" wrap="nowrap">
              <Text fw={600} translate="no">
                {expert.name}
              </Text>
              <Button
                component={Link}
                to={expertPath(expert.cast_crew_id)}
                state={{ videoId: video.admin_video_id, videoTitle: video.title } satisfies ContactExpertState}
                variant="light"
                size="xs"
                leftSection={<IconMessageCircle size={16} aria-hidden />}
                aria-label={t('experts.contactLabel', { name: expert.name })}
              >
                {t('experts.contact')}
              </Button>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** Keeps the video on this device to play without a network (a tablet behind the racks), or lets it go. */
function SaveOffline({ video }: { video: VideoDetail }) {
  const { t } = useTranslation('browse');
  const saved = useSavedOffline(video.admin_video_id);
  const [busy, setBusy] = useState(false);
  const stream = video.main_resolutions.original ?? video.main_video;
  if (!stream || !canSaveOffline()) return null;
  const toggle = () => {
    setBusy(true);
    const work = saved
      ? removeVideoOffline(video.admin_video_id)
      : saveVideoOffline(
          video.admin_video_id,
          stream,
          video.captions.map((track) => track.url),
        );
    work
      .then(() => notifySuccess(saved ? t('overview.removedOffline') : t('overview.savedOffline')))
      .catch(notifyError)
      .finally(() => setBusy(false));
  };
  return (
    <Group gap="xs">
      <Button
        variant="default"
        size="sm"
        w="fit-content"
        loading={busy}
        aria-pressed={saved}
        leftSection={saved ? <IconCloudCheck size={18} aria-hidden /> : <IconCloudDownload size={18} aria-hidden />}
        onClick={toggle}
      >
        {saved ? t('overview.saved') : t('overview.save')}
      </Button>
      {saved && (
        <Text size="sm" c="dimmed">
          {t('overview.pressAgain')}
        </Text>
      )}
    </Group>
  );
}
