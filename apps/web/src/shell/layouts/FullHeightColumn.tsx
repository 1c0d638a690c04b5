import { Box, Flex } from '@mantine/core';
import type { ReactNode } from 'react';

interface FullHeightColumnProps {
  header?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The full-height column shell (spec 01 §2): fixed header and footer, the middle scrolls. */
export function FullHeightColumn({ header, children, footer }: FullHeightColumnProps) {
  return (
    <Flex direction="column" h="100%" mih={0}>
      {header && <Box flex="0 0 auto">{header}</Box>}
      <Box flex="1 1 auto" mih={0} style={{ overflowY: 'auto' }}>
        {children}
      </Box>
      {footer && <Box flex="0 0 auto">{footer}</Box>}
    </Flex>
  );
}
