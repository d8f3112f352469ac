import { Card, Select, SimpleGrid, Text } from '@mantine/core';
import { isLocale, LOCALE_NAMES, LOCALES, type ProfileData } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { useChooseLocale } from '../../../lib/locale-choice.ts';
import { notifyError, notifySuccess } from '../../../lib/notify.ts';
import { useSetOrganizationLocale } from '../api/set-organization-locale.ts';

const FOLLOW = 'organization';

/**
 * The member's language (their own, or their organization's default) and, for a super user, the organization's
 * default for everyone who chose none. Each language is listed in its own words.
 */
export function LanguageSettings({ profile, isSuperUser }: { profile: ProfileData; isSuperUser: boolean }) {
  const { t } = useTranslation('account');
  const { choose } = useChooseLocale();
  const organizationLocale = useSetOrganizationLocale();
  const languages = LOCALES.map((code) => ({ value: code, label: LOCALE_NAMES[code] }));
  const organizationDefault = LOCALE_NAMES[profile.organization_locale ?? 'en'];

  return (
    <Card withBorder radius="md" padding="lg" component="section" aria-labelledby="language-settings-title">
      <Text fw={700} mb="sm" id="language-settings-title">
        {t('language.title')}
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
        <Select
          label={t('language.mine')}
          description={t('language.mineHelp')}
          data={[{ value: FOLLOW, label: t('language.follow', { language: organizationDefault }) }, ...languages]}
          value={profile.locale ?? FOLLOW}
          allowDeselect={false}
          onChange={(value) => void choose(isLocale(value) ? value : null)}
        />
        {isSuperUser && (
          <Select
            label={t('language.organization')}
            description={t('language.organizationHelp')}
            data={languages}
            value={profile.organization_locale ?? 'en'}
            allowDeselect={false}
            disabled={organizationLocale.isPending}
            onChange={(value) =>
              isLocale(value) && organizationLocale.mutate(value, { onSuccess: () => notifySuccess(t('language.organizationSaved')), onError: notifyError })
            }
          />
        )}
      </SimpleGrid>
    </Card>
  );
}
