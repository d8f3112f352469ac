import { Button, type ButtonProps } from '@mantine/core';
import type { ReactNode } from 'react';
import { challengeHref } from '../lib/challenge-href.ts';
import { notifyError } from '../lib/notify.ts';
import { useRecordChallenge } from '../lib/record-challenge.ts';

export type ChallengeTarget = { userId: number; categoryId: number; categoryName: string; link: string };

/**
 * Opening a category's challenge (member spec, section 4): the challenge is recorded first
 * (insert_new_challenge), then its link opens in a new tab, https:// added when it has no scheme.
 */
export function useOpenChallenge() {
  const record = useRecordChallenge();
  const open = ({ userId, categoryId, categoryName, link }: ChallengeTarget) => {
    // The tab is opened synchronously, inside the click (no pop-up blocker), then pointed at the link once recorded.
    const tab = window.open('', '_blank');
    record.mutate(
      { userId, categoryId, description: categoryName },
      {
        onSuccess: () => {
          const href = challengeHref(link);
          if (tab) {
            // The challenge site must not reach back into this app through window.opener.
            tab.opener = null;
            tab.location.href = href;
          } else window.open(href, '_blank', 'noopener');
        },
        onError: (error) => {
          tab?.close();
          notifyError(error);
        },
      },
    );
  };
  return { open, pending: record.isPending };
}

type ChallengeButtonProps = Omit<ButtonProps, 'disabled'> & ChallengeTarget & { children: ReactNode };

/** A button opening the category's challenge; dimmed and disabled when the category has none. */
export function ChallengeButton({ userId, categoryId, categoryName, link, children, style, ...button }: ChallengeButtonProps) {
  const challenge = useOpenChallenge();
  const missing = link.trim() === '';
  return (
    <Button
      {...button}
      disabled={missing || challenge.pending}
      style={missing ? { opacity: 0.5 } : style}
      onClick={() => challenge.open({ userId, categoryId, categoryName, link })}
    >
      {children}
    </Button>
  );
}
