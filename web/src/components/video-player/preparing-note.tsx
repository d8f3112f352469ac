import { Progress, Text } from '@mantine/core';
import type { Preparation } from '@mm/contract';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';

/** "about 40 s", or minutes past two of them. */
function aboutTime(seconds: number, t: TFunction): string {
  return seconds < 120 ? t('preparing.aboutSeconds', { n: Math.max(1, Math.round(seconds)) }) : t('preparing.aboutMinutes', { n: Math.ceil(seconds / 60) });
}

/**
 * What stands in place of a player while its media's streams are prepared (a first start, issue 36): how far, how
 * long, and that it plays by itself after (`playsByItself`: the page asks again until it does). `what` names the media:
 * "lesson", "trailer", "video".
 */
export function PreparingNote({
  preparing,
  what,
  playsByItself = true,
}: {
  preparing: Preparation;
  what: 'lesson' | 'trailer' | 'video';
  playsByItself?: boolean;
}) {
  const { t } = useTranslation();
  if (preparing.state === 'failed') {
    return <Text role="alert">{t('preparing.failed', { context: what })}</Text>;
  }
  const label = t('preparing.label', { context: what });
  return (
    <>
      <Text role="status">{t('preparing.status', { label, time: aboutTime(preparing.seconds_left, t) })}</Text>
      <Progress value={preparing.progress} w="100%" size="lg" color="blue.4" bg="dark.4" aria-label={label} animated striped />
      <Text size="sm" c="gray.4">
        {preparing.state === 'waiting' ? t('preparing.waiting') : t('preparing.done', { percent: preparing.progress })}{' '}
        {playsByItself ? t('preparing.playsByItself') : t('preparing.openAgain')}
      </Text>
    </>
  );
}
