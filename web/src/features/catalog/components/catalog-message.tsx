import { Button, EmptyState } from '@mantine/core';
import { CERTIFICATE_MESSAGES } from '@mm/contract';
import { IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';

type CatalogMessageProps = { title: string; description?: ReactNode; action?: ReactNode; icon?: ReactNode };

/** An empty or missing list: a short title, what to do next, and a way on. */
export function CatalogMessage({ title, description, action, icon }: CatalogMessageProps) {
  return (
    <EmptyState py="xl" title={title} description={description} icon={icon ?? <IconMoodEmpty size={32} />} withIndicatorBackground>
      {action !== undefined && <EmptyState.Actions>{action}</EmptyState.Actions>}
    </EmptyState>
  );
}

export function BackHomeButton() {
  return (
    <Button component={Link} to={paths.home} variant="light">
      Back to Home
    </Button>
  );
}

/** A failed call that may work again (lost connection). */
export function RetryButton({ onRetry, loading }: { onRetry: () => void; loading?: boolean }) {
  return (
    <Button variant="light" onClick={onRetry} loading={loading}>
      Try again
    </Button>
  );
}

/** A category the member's learning path keeps locked: the spec's text and the way back to the path on Home. */
export function LockedCategoryMessage() {
  return (
    <CatalogMessage
      title="This category is locked"
      description={CERTIFICATE_MESSAGES.categoryLocked}
      icon={<IconLock size={32} aria-hidden />}
      action={
        <Button component={Link} to={paths.home} variant="filled">
          Back to your learning path
        </Button>
      }
    />
  );
}
