import { BackgroundImage, Box } from '@mantine/core';
import type { ReactNode } from 'react';

const BRAND_WASH = 'linear-gradient(135deg, #ffe6f5 0%, #f8f9fa 55%, #e6fcf6 100%)';

/**
 * The background-image layout shell (spec 01 §2): full-height, with an image (or the brand wash when none is
 * given) behind the content.
 */
export function BackgroundImageLayout({ src, children }: { src?: string; children: ReactNode }) {
  if (src) {
    return (
      <BackgroundImage src={src} mih="100dvh">
        {children}
      </BackgroundImage>
    );
  }
  return (
    <Box mih="100dvh" style={{ backgroundImage: BRAND_WASH }}>
      {children}
    </Box>
  );
}
