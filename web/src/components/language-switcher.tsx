import { Button, type ButtonProps, Text, VisuallyHidden } from '@mantine/core';
import { LOCALE_NAMES } from '@mm/contract';
import { IconLanguage } from '@tabler/icons-react';
import { type ComponentPropsWithoutRef, forwardRef, lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseLocale } from '../lib/locale-choice.ts';

type SwitcherSize = 'sm' | 'lg';

/** The switcher's button: the current language, after a word only screen readers hear (axe: the visible text must be in the name). */
export const SwitcherButton = forwardRef<HTMLButtonElement, { size: SwitcherSize } & Omit<ButtonProps, 'size'> & ComponentPropsWithoutRef<'button'>>(
  function SwitcherButton({ size, ...props }, ref) {
    const { t } = useTranslation();
    const { locale } = useChooseLocale();
    return (
      <Button ref={ref} variant="subtle" color="dark" size={size} leftSection={<IconLanguage size={18} aria-hidden="true" />} {...props}>
        <VisuallyHidden>{t('language.label')}: </VisuallyHidden>
        {/* A phone's header has room for the code only. */}
        <Text span inherit translate="no" visibleFrom="sm">
          {LOCALE_NAMES[locale]}
        </Text>
        <Text span inherit translate="no" hiddenFrom="sm">
          {locale.toUpperCase()}
        </Text>
      </Button>
    );
  },
);

const loadMenu = () => import('./language-menu.tsx');
const LanguageMenu = lazy(() => loadMenu().then((m) => ({ default: m.LanguageMenu })));

/**
 * A stand-alone switcher (public header, kiosk): a button naming the current language that opens the list. The list's
 * code (menu, popover, positioning) is fetched when a pointer or the focus reaches the button and shown at the first
 * press, so it stays off the landing page's first script (issue 40: the first route at most 200 KB gzip).
 */
export function LanguageSwitcher({ size = 'sm' }: { size?: SwitcherSize }) {
  const [pressed, setPressed] = useState(false);
  const closed = (
    <SwitcherButton
      size={size}
      aria-haspopup="menu"
      aria-expanded={false}
      onPointerEnter={() => void loadMenu()}
      onFocus={() => void loadMenu()}
      onClick={() => setPressed(true)}
    />
  );
  if (!pressed) return closed;
  return (
    <Suspense fallback={closed}>
      <LanguageMenu size={size} />
    </Suspense>
  );
}
