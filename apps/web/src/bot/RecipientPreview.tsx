import { Avatar, Group, ScrollArea, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import type { MessageKey } from '@mutirao/core';
import { useTranslation } from 'react-i18next';
import type { Audience } from './botApi';

/** spec 01 §9: the preview list is 577 px high, or 461 px on short screens. */
const PREVIEW_HEIGHT = 577;
const SHORT_PREVIEW_HEIGHT = 461;

const GENDERS: Record<string, { label: MessageKey; sign: string }> = {
  female: { label: 'massMessages.genderFemale', sign: '♀' },
  male: { label: 'massMessages.genderMale', sign: '♂' },
};

type Recipient = Audience['recipients'][number];
const nameOf = (r: Recipient) => [r.first_name, r.last_name].filter(Boolean).join(' ');

/**
 * The recipients shown (spec 01 §2: picture, gender icon, first and last name), in the order people read names in
 * the interface's language ('Ágata' with the As, 'Cícero' before 'Conceição'), which the database's byte order is
 * not. A person without a known gender gets no sign at all (it was a lone '·' before the name).
 */
export function RecipientPreview({ audience, busy, dimmed }: { audience: Audience; busy: boolean; dimmed: boolean }) {
  const { t, i18n } = useTranslation();
  const short = useMediaQuery('(max-height: 800px)');
  const collator = new Intl.Collator(i18n.language, { sensitivity: 'base', numeric: true });
  const recipients = [...audience.recipients].sort((a, b) => collator.compare(nameOf(a), nameOf(b)));
  return (
    <ScrollArea
      h={short ? SHORT_PREVIEW_HEIGHT : PREVIEW_HEIGHT}
      type="auto"
      // Focusable, so a keyboard scrolls a long preview too.
      viewportProps={{ tabIndex: 0, 'aria-labelledby': 'bot-preview-title' }}
      data-testid="bot-preview"
      aria-busy={busy}
      style={{ opacity: dimmed ? 0.6 : 1 }}
    >
      <Stack component="ul" gap={4} p={0} m={0} style={{ listStyle: 'none' }}>
        {recipients.map((r) => {
          const gender = GENDERS[r.gender ?? ''];
          const name = nameOf(r);
          return (
            <Group component="li" key={r.id} gap="sm" wrap="nowrap" py={4}>
              <Avatar src={r.profile_pic} alt="" radius="xl" size="md" name={name} color="dark" variant="filled" />
              <Text
                component="span"
                role={gender ? 'img' : undefined}
                aria-label={gender ? t(gender.label) : undefined}
                title={gender ? t(gender.label) : undefined}
                w={20}
                ta="center"
                fw={700}
              >
                {gender?.sign}
              </Text>
              <Text component="span">{name}</Text>
            </Group>
          );
        })}
      </Stack>
    </ScrollArea>
  );
}
