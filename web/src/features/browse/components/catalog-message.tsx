import { Button, EmptyState } from '@mantine/core';
import { IconLock, IconMoodEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
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
  const { t } = useTranslation('browse');
  return (
    <Button component={Link} to={paths.home} variant="light">
      {t('backHome')}
    </Button>
  );
}

/** A failed call that may work again (lost connection). */
export function RetryButton({ onRetry, loading }: { onRetry: () => void; loading?: boolean }) {
  const { t } = useTranslation('browse');
  return (
    <Button variant="light" onClick={onRetry} loading={loading}>
      {t('retry')}
    </Button>
  );
}

/** A category the member's learning path keeps locked: the spec's text and the way back to the path on Home. */
export function LockedCategoryMessage() {
  const { t } = useTranslation('browse');
  return (
    <CatalogMessage
      title={t('locked.title')}
      description={t('locked.reason')}
      icon={<IconLock size={32} aria-hidden />}
      action={
        <Button component={Link} to={paths.home} variant="filled">
          {t('locked.back')}
        </Button>
      }
    />
  );
}
