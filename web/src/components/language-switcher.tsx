import { Button, Menu, Text, VisuallyHidden } from '@mantine/core';
import { LOCALE_NAMES, LOCALES, type Locale } from '@mm/contract';
import { IconCheck, IconLanguage } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useChooseLocale } from '../lib/locale-choice.ts';

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

/** A stand-alone switcher (public header, kiosk): a button naming the current language that opens the list. */
export function LanguageSwitcher({ size = 'sm' }: { size?: 'sm' | 'lg' }) {
  const { t } = useTranslation();
  const { locale } = useChooseLocale();
  return (
    <Menu position="bottom-end" width={180} shadow="md">
      <Menu.Target>
        <Button variant="subtle" color="dark" size={size} leftSection={<IconLanguage size={18} aria-hidden="true" />}>
          {/* The button's name is what it shows, after a word only screen readers hear (axe: the visible text must be in the name). */}
          <VisuallyHidden>{t('language.label')}: </VisuallyHidden>
          {/* A phone's header has room for the code only. */}
          <Text span inherit translate="no" visibleFrom="sm">
            {LOCALE_NAMES[locale]}
          </Text>
          <Text span inherit translate="no" hiddenFrom="sm">
            {locale.toUpperCase()}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <LanguageMenuItems />
      </Menu.Dropdown>
    </Menu>
  );
}
