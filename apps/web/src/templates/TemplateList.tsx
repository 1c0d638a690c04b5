import { Box, Button, Card, Flex, Group, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useCommunityDates } from '../communities/useCommunityDates';
import type { TemplateSummary } from '../mobilizations/createApi';
import { Icon } from '../shell/icons';
import { TemplateStyles } from './TemplateStyles';
import { TemplateThumbnail } from './TemplateThumbnail';

interface TemplateListProps {
  templates: TemplateSummary[];
  onRemove(template: TemplateSummary): void;
}

/** The community's templates: thumbnail, name, goal, creation date and uses, with a remove button each. */
export function TemplateList({ templates, onRemove }: TemplateListProps) {
  const { t } = useTranslation();
  const { date } = useCommunityDates();
  return (
    <>
      <TemplateStyles />
      <Stack component="ul" gap="sm" p={0} m={0} style={{ listStyle: 'none' }} aria-label={t('templateList.listLabel')}>
        {templates.map((tpl) => (
          <Card component="li" key={tpl.id} withBorder padding="md">
            <Flex direction={{ base: 'column', sm: 'row' }} align={{ base: 'stretch', sm: 'flex-start' }} gap="md">
              <Box w={{ base: '100%', sm: 220 }} style={{ flexShrink: 0 }}>
                <TemplateThumbnail templateId={tpl.id} height={140} />
              </Box>
              <Stack gap={4} style={{ minWidth: 0, flex: 1 }}>
                <Title order={2} size="h4">
                  {tpl.name}
                </Title>
                {tpl.goal && (
                  <Text size="sm" lineClamp={2}>
                    {tpl.goal}
                  </Text>
                )}
                <Group gap="lg" wrap="wrap">
                  <Text size="sm" c="dimmed">
                    {t('templateList.createdAt', { date: date(tpl.created_at) })}
                  </Text>
                  <Text size="sm" c="dimmed">
                    {t('templateList.uses', { count: tpl.uses_number })}
                  </Text>
                </Group>
              </Stack>
              <Button
                variant="subtle"
                color="danger"
                leftSection={<Icon name="trash" size={16} />}
                style={{ alignSelf: 'flex-start' }}
                aria-label={t('templateList.removeLabel', { name: tpl.name })}
                onClick={() => onRemove(tpl)}
              >
                {t('templateList.remove')}
              </Button>
            </Flex>
          </Card>
        ))}
      </Stack>
    </>
  );
}
