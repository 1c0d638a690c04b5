import { Alert, Badge, Button, Card, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { fetchTemplates, templatesQueryKey } from '../mobilizations/createApi';
import { Icon } from '../shell/icons';
import { TabNavigation } from '../shell/layouts/TabNavigation';
import { TitledPage } from '../shell/layouts/TitledPage';
import { TemplateGallery } from './TemplateGallery';

/** The tabs of a new mobilization once its goal is saved: Objetivo (its basics) and Templates. */
export function NewMobilizationTabs({ id, active }: { id: number; active: 'goal' | 'templates' }) {
  const { t } = useTranslation();
  return (
    <TabNavigation
      label={t('mobilizations.new')}
      items={[
        { label: t('newMobilization.goalTab'), to: `/mobilizations/${id}/settings/basics`, active: active === 'goal' },
        {
          label: t('newMobilization.templatesTab'),
          to: `/mobilizations/${id}/templates/choose`,
          active: active === 'templates',
        },
      ]}
    />
  );
}

/**
 * `/mobilizations/{id}/templates/choose`: start blank, pick a global template (the first ones shown with their
 * thumbnails), or one of "my templates" (with their count). Blank goes straight to the editor, which sends an empty
 * page on to block creation.
 */
export default function ChooseTemplatePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const { community } = useSession();
  const communityId = community?.id ?? 0;
  const mine = useQuery({
    queryKey: templatesQueryKey(communityId, false),
    queryFn: () => fetchTemplates(communityId, false),
    enabled: communityId > 0,
  });
  const global = useQuery({
    queryKey: templatesQueryKey(communityId, true),
    queryFn: () => fetchTemplates(communityId, true),
    enabled: communityId > 0,
  });

  const choices = [
    {
      key: 'blank',
      icon: 'plus' as const,
      title: t('chooseTemplate.blankTitle'),
      text: t('chooseTemplate.blankText'),
      to: `/mobilizations/${id}/edit`,
      action: t('chooseTemplate.blankAction'),
    },
    {
      key: 'global',
      icon: 'megaphone' as const,
      title: t('chooseTemplate.globalTitle'),
      text: t('chooseTemplate.globalText'),
      to: `/mobilizations/${id}/templates/choose/global`,
      action: t('chooseTemplate.globalAction'),
      count: global.data?.length,
    },
    {
      key: 'custom',
      icon: 'switch' as const,
      title: t('chooseTemplate.customTitle'),
      text: t('chooseTemplate.customText'),
      to: `/mobilizations/${id}/templates/choose/custom`,
      action: t('chooseTemplate.customAction'),
      count: mine.data?.length,
    },
  ];

  return (
    <TitledPage title={t('chooseTemplate.title')} below={<NewMobilizationTabs id={id} active="templates" />}>
      {(mine.isError || global.isError) && (
        <Alert color="danger" variant="light" role="alert">
          {t('errors.pageFailed')}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
        {choices.map((c) => (
          <Card key={c.key} withBorder padding="lg" component="section" aria-labelledby={`choice-${c.key}`}>
            <Stack gap="sm" h="100%">
              <Icon name={c.icon} size={28} color="var(--mantine-color-brand-7)" />
              <Title order={2} size="h4" id={`choice-${c.key}`}>
                {c.title}{' '}
                {c.count !== undefined && (
                  <Badge variant="light" color="gray" aria-label={t('chooseTemplate.count', { count: c.count })}>
                    {c.count}
                  </Badge>
                )}
              </Title>
              <Text size="sm" style={{ flex: 1 }}>
                {c.text}
              </Text>
              {c.key === 'custom' && c.count === 0 ? (
                // Nothing to pick yet: say how a template is made instead of opening an empty list.
                <Text size="sm" fw={500}>
                  {t('templateList.emptyHelp')}
                </Text>
              ) : (
                <Button component={Link} to={c.to} variant={c.key === 'blank' ? 'outline' : 'filled'}>
                  {c.action}
                </Button>
              )}
            </Stack>
          </Card>
        ))}
      </SimpleGrid>
      <TemplateGallery mobilizationId={id} templates={global.data ?? []} />
    </TitledPage>
  );
}
