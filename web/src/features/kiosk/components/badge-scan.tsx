import { Button, Group, TextInput } from '@mantine/core';
import type { KioskRosterMember } from '@mm/contract';
import { type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFindKioskBadgeHolder } from '../api/find-kiosk-badge-holder.ts';

/** A handheld scanner types this fast: keys further apart than this are a person typing, not a scan. */
const SCANNER_KEY_GAP_MS = 100;
/** The shortest badge code (MMB1-<id>-<16 signature characters>). */
const SHORTEST_CODE = 22;

/**
 * Badge sign-in on the kiosk: a handheld scanner (a keyboard to the tablet) types the badge's code and Enter. Into the
 * field when it has the focus; anywhere else on the page too, since nobody taps a field before scanning: fast keys
 * ending with Enter outside any field are taken as a scan. A person can also type the code printed under the QR.
 * The badge only finds the person; their PIN signs them in.
 */
export function BadgeScan({ deviceToken, onMember, disabled }: { deviceToken: string; onMember: (member: KioskRosterMember) => void; disabled: boolean }) {
  const { t } = useTranslation('kiosk');
  const [code, setCode] = useState('');
  const find = useFindKioskBadgeHolder();
  const look = (scanned: string) => {
    if (!scanned.trim()) return;
    find.mutate(
      { deviceToken, code: scanned },
      {
        onSuccess: (member) => {
          setCode('');
          onMember(member);
        },
      },
    );
  };
  useScannerKeys(disabled ? null : look);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    look(code);
  };
  return (
    <form onSubmit={submit}>
      <TextInput
        size="lg"
        maw={640}
        mb="xl"
        label={t('badge.label')}
        description={t('badge.help')}
        value={code}
        onChange={(e) => setCode(e.currentTarget.value)}
        error={find.error?.message}
        autoComplete="off"
        // The button sits beside the field itself, whatever the label and help above or the error below take.
        inputContainer={(field) => (
          <Group gap="sm" wrap="nowrap">
            <div style={{ flex: 1 }}>{field}</div>
            <Button type="submit" size="lg" variant="default" loading={find.isPending}>
              {t('badge.find')}
            </Button>
          </Group>
        )}
      />
    </form>
  );
}

/** Calls `onScan` with what a scanner typed outside any field: quick keys, then Enter. */
function useScannerKeys(onScan: ((code: string) => void) | null) {
  const latest = useRef(onScan);
  latest.current = onScan;
  const enabled = onScan !== null;
  useEffect(() => {
    if (!enabled) return;
    let typed = '';
    let lastKeyAt = 0;
    const onKey = (event: KeyboardEvent) => {
      const target = event.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"], [role="dialog"]')) return;
      const at = event.timeStamp;
      if (at - lastKeyAt > SCANNER_KEY_GAP_MS) typed = '';
      lastKeyAt = at;
      if (event.key === 'Enter') {
        if (typed.length >= SHORTEST_CODE) {
          event.preventDefault();
          latest.current?.(typed);
        }
        typed = '';
      } else if (event.key.length === 1) typed += event.key;
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [enabled]);
}
