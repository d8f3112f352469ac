import { ActionIcon, Box, TextInput } from '@mantine/core';
import { SEARCH_QUERY_MAX } from '@mm/contract';
import { IconSearch } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { paths, searchPath } from '../../config/paths.ts';

/**
 * The header's search: a field from 992px up (it submits to /search?q=), an icon link to the search page
 * below, where the header has no room for a field beside the menus.
 */
export function HeaderSearch() {
  const [value, setValue] = useState('');
  const navigate = useNavigate();
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = value.trim();
    navigate(q ? searchPath(q) : paths.search);
    setValue('');
  };
  return (
    <>
      <Box component="search" visibleFrom="md">
        <form onSubmit={submit}>
          <TextInput
            aria-label={t('search.label')}
            placeholder={t('search.placeholder')}
            type="search"
            size="sm"
            w={200}
            maxLength={SEARCH_QUERY_MAX}
            leftSection={<IconSearch size={16} aria-hidden />}
            value={value}
            onChange={(event) => setValue(event.currentTarget.value)}
          />
        </form>
      </Box>
      <ActionIcon component={Link} to={paths.search} hiddenFrom="md" variant="subtle" color="dark" size="lg" aria-label={t('search.label')}>
        <IconSearch size={20} aria-hidden />
      </ActionIcon>
    </>
  );
}
