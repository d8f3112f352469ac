import { Progress, Text } from '@mantine/core';
import type { Preparation } from '@mm/contract';

/** "about 40 s", or minutes past two of them. */
function aboutTime(seconds: number): string {
  return seconds < 120 ? `about ${Math.max(1, Math.round(seconds))} s` : `about ${Math.ceil(seconds / 60)} min`;
}

/**
 * What stands in place of a player while its media's streams are prepared (a first start, issue 36): how far, how
 * long, and that it plays by itself after (`playsByItself`: the page asks again until it does). `what` names the media:
 * "lesson", "trailer", "video".
 */
export function PreparingNote({ preparing, what, playsByItself = true }: { preparing: Preparation; what: string; playsByItself?: boolean }) {
  if (preparing.state === 'failed') {
    return <Text role="alert">This {what} could not be prepared for playing. Please try again later.</Text>;
  }
  const label = `Preparing this ${what}`;
  return (
    <>
      <Text role="status">{`${label}, ${aboutTime(preparing.seconds_left)}`}</Text>
      <Progress value={preparing.progress} w="100%" size="lg" color="blue.4" bg="dark.4" aria-label={label} animated striped />
      <Text size="sm" c="gray.4">
        {preparing.state === 'waiting' ? 'It is waiting its turn.' : `${preparing.progress}% done.`}{' '}
        {playsByItself ? 'It plays by itself when it is ready.' : 'Open it again when it is ready.'}
      </Text>
    </>
  );
}
