import { ActionIcon, Badge, Box, Button, Divider, Group, Loader, Popover, ScrollArea, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import type { Notice } from '@mm/contract';
import { IconBell } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { categoryPath } from '../../../config/paths.ts';
import { useNotices } from '../api/get-notices.ts';
import { useMarkNoticesRead } from '../api/mark-notices-read.ts';
import { noticeDate, noticeDateTitle } from './notice-date.ts';

/**
 * The bell in the signed-in header: the unread count as a badge, the latest notices in a popover.
 * Opening it marks what it lists read; the ones that were new stay highlighted until it closes.
 * The guest is read-only: it can look, never mark.
 */
export function NoticesButton({ readOnly }: { readOnly: boolean }) {
  const { t } = useTranslation();
  const notices = useNotices();
  const markRead = useMarkNoticesRead();
  const [opened, setOpened] = useState(false);
  const [fresh, setFresh] = useState<ReadonlySet<number>>(new Set());
  const descriptionId = useId();
  const unread = notices.data?.unread ?? 0;

  const open = () => {
    setOpened(true);
    const data = notices.data;
    if (!data) return;
    const listedUnread = data.notices.filter((n) => !n.read).map((n) => n.id);
    setFresh(new Set(listedUnread));
    if (readOnly || data.unread === 0) return;
    // Unread notices older than the listed ones can never be shown: they are marked read with these.
    markRead.mutate(data.unread > listedUnread.length ? undefined : listedUnread);
  };
  const close = () => {
    setOpened(false);
    setFresh(new Set());
  };

  return (
    <Popover
      opened={opened}
      onChange={(next) => (next ? open() : close())}
      position="bottom-end"
      width="min(360px, calc(100vw - 16px))"
      shadow="md"
      trapFocus
      returnFocus
      withinPortal
    >
      <Box pos="relative">
        <Popover.Target>
          <ActionIcon
            variant="subtle"
            color="dark"
            size="lg"
            radius="xl"
            aria-label={t('notices.title')}
            aria-describedby={unread > 0 ? descriptionId : undefined}
            onClick={() => (opened ? close() : open())}
          >
            <IconBell size={22} stroke={1.6} aria-hidden />
          </ActionIcon>
        </Popover.Target>
        {unread > 0 && (
          <>
            <Badge
              data-testid="notices-unread"
              aria-hidden
              size="xs"
              color="red"
              variant="filled"
              circle={unread < 10}
              pos="absolute"
              top={-2}
              right={-4}
              style={{ pointerEvents: 'none' }}
            >
              {unread > 99 ? '99+' : unread}
            </Badge>
            <VisuallyHidden id={descriptionId}>{t('notices.unread', { count: unread })}</VisuallyHidden>
          </>
        )}
      </Box>
      <Popover.Dropdown p={0}>
        <Group justify="space-between" px="md" py="sm">
          <Text fw={700}>{t('notices.title')}</Text>
          {markRead.isPending && <Loader size="xs" aria-label={t('notices.marking')} />}
        </Group>
        <Divider />
        <NoticesList
          notices={notices.data?.notices}
          fresh={fresh}
          loading={notices.isPending}
          failed={notices.isError}
          onRetry={() => notices.refetch()}
          onOpenCategory={close}
        />
      </Popover.Dropdown>
    </Popover>
  );
}

type NoticesListProps = {
  notices: Notice[] | undefined;
  fresh: ReadonlySet<number>;
  loading: boolean;
  failed: boolean;
  onRetry: () => void;
  onOpenCategory: () => void;
};

function NoticesList({ notices, fresh, loading, failed, onRetry, onOpenCategory }: NoticesListProps) {
  const { t } = useTranslation();
  if (loading)
    return (
      <Group justify="center" p="md">
        <Loader size="sm" aria-label={t('notices.loading')} />
      </Group>
    );
  if (failed || !notices)
    return (
      <Stack gap="xs" p="md" align="flex-start">
        <Text size="sm">{t('notices.failed')}</Text>
        <Button size="xs" variant="light" onClick={onRetry}>
          {t('notices.retry')}
        </Button>
      </Stack>
    );
  if (notices.length === 0)
    return (
      <Text size="sm" c="dimmed" p="md">
        {t('notices.none')}
      </Text>
    );
  return (
    <ScrollArea.Autosize mah="min(420px, 70vh)" type="auto">
      <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }} aria-label={t('notices.latest')}>
        {notices.map((notice) => (
          <NoticeItem key={notice.id} notice={notice} fresh={fresh.has(notice.id) || !notice.read} onOpenCategory={onOpenCategory} />
        ))}
      </Stack>
    </ScrollArea.Autosize>
  );
}

function NoticeItem({ notice, fresh, onOpenCategory }: { notice: Notice; fresh: boolean; onOpenCategory: () => void }) {
  const { t, i18n } = useTranslation();
  const body = (
    <Stack gap={2}>
      <Text size="sm" fw={fresh ? 600 : 400}>
        {fresh && <VisuallyHidden>{t('notices.new')}</VisuallyHidden>}
        {/* Written by the server when the notice was sent, in English (issue 40: not translated yet). */}
        <span translate="no">{notice.message}</span>
      </Text>
      <Text size="xs" c="dimmed" component="time" dateTime={notice.created_at} title={noticeDateTitle(notice.created_at)}>
        {noticeDate(notice.created_at, { justNow: t('notices.justNow'), locale: i18n.language })}
      </Text>
    </Stack>
  );
  return (
    <Box
      component="li"
      data-testid="notice"
      data-fresh={fresh || undefined}
      bg={fresh ? 'var(--mantine-primary-color-light)' : undefined}
      style={{ borderBottom: '1px solid var(--mantine-color-gray-2)' }}
    >
      {notice.category_id !== null ? (
        <UnstyledButton component={Link} to={categoryPath(notice.category_id)} onClick={onOpenCategory} px="md" py="sm" display="block" w="100%">
          {body}
        </UnstyledButton>
      ) : (
        <Box px="md" py="sm">
          {body}
        </Box>
      )}
    </Box>
  );
}
