import { Menu } from '@mantine/core';
import { LOCALE_NAMES, LOCALES, type Locale } from '@mm/contract';
import { IconCheck } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useChooseLocale } from '../lib/locale-choice.ts';
import { SwitcherButton } from './language-switcher.tsx';

/**
 * The languages as menu items, each in its own words (a Spanish speaker finds "Español" in an English menu), marked
 * with `lang` so a screen reader says each in its language.
 */
export function LanguageMenuItems() {
  const { t } = useTranslation();
  const { locale, choose } = useChooseLocale();
  return (
    <>
      <Menu.Label>{t('language.label')}</Menu.Label>
      {LOCALES.map((code: Locale) => (
        <Menu.Item
          key={code}
          lang={code}
          translate="no"
          onClick={() => void choose(code)}
          aria-current={code === locale ? 'true' : undefined}
          rightSection={code === locale ? <IconCheck size={16} aria-hidden="true" /> : null}
        >
          {LOCALE_NAMES[code]}
        </Menu.Item>
      ))}
    </>
  );
}

/**
 * The stand-alone switcher once pressed: it replaces the plain button in place, open at once (the list takes the
 * focus, as any menu does). The button it replaced is gone, so closing the list (Escape, a choice, a click outside)
 * puts the focus back on this one by hand rather than on the page.
 */
export function LanguageMenu({ size }: { size: 'sm' | 'lg' }) {
  const target = useRef<HTMLButtonElement>(null);
  const [opened, setOpened] = useState(true);
  return (
    <Menu position="bottom-end" width={180} shadow="md" opened={opened} onChange={setOpened} onClose={() => target.current?.focus()}>
      <Menu.Target>
        <SwitcherButton ref={target} size={size} />
      </Menu.Target>
      <Menu.Dropdown>
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
