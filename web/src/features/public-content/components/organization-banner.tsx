import './organization-banner.css';
import { Box, Container, Image } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSession } from '../../../lib/session.ts';
import { useLanding } from '../api/get-landing.ts';
import { useOrganizationBanner } from '../api/get-organization-banner.ts';

/** Member spec, section 9: the posters rotate every 30000 ms when no organization (banner) is stored. */
export const BANNER_ROTATION_MS = 30_000;

const BANNER_HEIGHT = { base: 120, sm: 220 };

/**
 * The home header banner: the organization's own banner when it has one; otherwise the three landing
 * sections' posters, rotating every 30 seconds.
 */
export function OrganizationBanner() {
  const { t } = useTranslation();
  const organizationId = useSession()?.organizationId ?? null;
  const banner = useOrganizationBanner(organizationId);
  const own = banner.data ?? null;
  const landing = useLanding();
  // The sections' posters: the landing banner's own poster is a plain background made to carry the landing's title.
  const posters = landing.data ? [landing.data.section1_poster, landing.data.section2_poster, landing.data.section3_poster] : [];
  const rotate = !own && posters.length > 0;
  const [index, setIndex] = useState(0);

  useEffect(() => {
    if (!rotate) return;
    const timer = setInterval(() => setIndex((i) => i + 1), BANNER_ROTATION_MS);
    return () => clearInterval(timer);
  }, [rotate]);

  const src = own ?? (posters.length > 0 ? posters[index % posters.length] : null);
  // Until the picture is known its place is kept, so the page below does not jump when it arrives.
  const deciding = (organizationId !== null && banner.isPending) || (!own && landing.isPending);
  if (deciding) return <Box h={BANNER_HEIGHT} bg="gray.1" aria-hidden="true" data-testid="organization-banner-placeholder" />;
  if (!src) return null;
  if (own) {
    return (
      <Box data-testid="organization-banner" data-rotating="false">
        <Image src={own} alt={t('banner.organization')} h={BANNER_HEIGHT} fit="cover" />
      </Box>
    );
  }
  // The poster is decorative beside the title it illustrates.
  return (
    <Box className="mm-poster-banner" h={BANNER_HEIGHT} data-testid="organization-banner" data-rotating={rotate ? 'true' : 'false'}>
      {/* The header's content width: the title starts under the logo, the poster ends under the account button. */}
      <Container size="lg" h="100%" className="mm-poster-banner__inner">
        <p className="mm-poster-banner__title" translate="no">
          {landing.data?.banner_title}
        </p>
        <img className="mm-poster-banner__poster" src={src} alt="" />
      </Container>
    </Box>
  );
}
