import { Center, Loader } from '@mantine/core';

/** Shown where a page goes while its chunk downloads (first visit of that page only); the layout stays. */
export function RouteFallback() {
  return (
    <Center py={64} role="status" aria-label="Loading the page">
      <Loader />
    </Center>
  );
}
