import { Anchor, Text } from '@mantine/core';

const URL_PATTERN = /(https?:\/\/[^\s<>"']+)/g;

/** Plain text with its web addresses made clickable; never parsed as HTML. */
export function LinkifiedText({ text }: { text: string }) {
  const parts = text.split(URL_PATTERN);
  return (
    <Text component="div" size="sm" style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
      {parts.map((part, index) =>
        // split() with a capturing group puts the matches at the odd indexes.
        index % 2 === 1 ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: the text never reorders.
          <Anchor key={index} href={part}>
            {part}
          </Anchor>
        ) : (
          part
        ),
      )}
    </Text>
  );
}
