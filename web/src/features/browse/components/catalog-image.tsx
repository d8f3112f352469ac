import { AspectRatio, Center, Image } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';

type CatalogImageProps = { src: string | null | undefined; alt: string; ratio?: number; radius?: string | number; eager?: boolean };

/** A catalog picture in a fixed frame, loaded lazily, with a neutral placeholder when there is none. */
export function CatalogImage({ src, alt, ratio = 16 / 9, radius = 'sm', eager = false }: CatalogImageProps) {
  return (
    <AspectRatio ratio={ratio}>
      {src ? (
        <Image src={src} alt={alt} radius={radius} fit="cover" loading={eager ? 'eager' : 'lazy'} decoding="async" bg="gray.2" />
      ) : (
        <Center bg="gray.2" style={{ borderRadius: `var(--mantine-radius-${radius})` }} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
          <IconPhoto size={32} color="var(--mantine-color-gray-5)" aria-hidden />
        </Center>
      )}
    </AspectRatio>
  );
}
