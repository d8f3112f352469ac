import { SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import type { Trailer } from '@mm/contract';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../../config/paths.ts';
import { CatalogImage } from '../catalog-image.tsx';

/** What /trailer receives in its navigation state. */
export type TrailerState = { trailer: Trailer; videoTitle: string };

/** Trailers and More: each trailer opens the full-screen trailer player. */
export function TrailersTab({ trailers, videoTitle }: { trailers: Trailer[]; videoTitle: string }) {
  const { t } = useTranslation('browse');
  const navigate = useNavigate();
  return (
    <SimpleGrid cols={{ base: 1, xs: 2, sm: 3 }} spacing="md">
      {trailers.map((trailer, index) => (
        <UnstyledButton
          // biome-ignore lint/suspicious/noArrayIndexKey: trailers have no id; their order is fixed by the catalog.
          key={index}
          className="mm-video-card"
          aria-label={t('trailers.play', { name: trailer.name })}
          onClick={() => navigate(paths.trailer, { state: { trailer, videoTitle } satisfies TrailerState })}
        >
          <Stack gap={6}>
            <CatalogImage src={trailer.default_image} alt="" />
            <Text fw={600} size="sm" lineClamp={2} translate="no">
              {trailer.name}
            </Text>
          </Stack>
        </UnstyledButton>
      ))}
    </SimpleGrid>
  );
}
