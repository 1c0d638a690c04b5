import { Alert, Button, Group, Paper, Radio, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { useSession } from '../auth/SessionProvider';
import { FormAlert } from '../forms/FormAlert';
import { applyTemplate, fetchTemplates, templatesQueryKey } from '../mobilizations/createApi';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { NewMobilizationTabs } from './ChooseTemplatePage';
import { matchesName } from './matchesName';
import classes from './TemplateCard.module.css';
import { TemplateStyles } from './TemplateStyles';
import { TemplateThumbnail } from './TemplateThumbnail';

/**
 * `/mobilizations/{id}/templates/choose/custom` (the community's own templates) and `/choose/global` (the
 * library): cards with each template's thumbnail, searchable by name, with Voltar and Continuar. `?template={id}`
 * comes in with that one chosen. Continuing copies the chosen template's blocks and widgets into the mobilization
 * and opens the editor.
 */
export default function PickTemplatePage({ global }: { global: boolean }) {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { community } = useSession();
  const communityId = community?.id ?? 0;
  const [filter, setFilter] = useState('');
  const [params] = useSearchParams();
  const [chosen, setChosen] = useState<string>(params.get('template') ?? '');
  const templates = useQuery({
    queryKey: templatesQueryKey(communityId, global),
    queryFn: () => fetchTemplates(communityId, global),
    enabled: communityId > 0,
  });
  const apply = useMutation({
    mutationFn: (templateId: number) => applyTemplate(id, templateId),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['mobilization', id] });
      navigate(`/mobilizations/${id}/edit`);
    },
  });

  const shown = (templates.data ?? []).filter((tpl) => matchesName(tpl.name, filter));

  return (
    <TitledPage
      title={global ? t('chooseTemplate.globalTitle') : t('chooseTemplate.customTitle')}
      below={<NewMobilizationTabs id={id} active="templates" />}
    >
      <TemplateStyles />
      <Stack gap="md" maw={1100}>
        <TextInput
          maw={560}
          label={t('chooseTemplate.search')}
          type="search"
          value={filter}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setFilter(next);
            // Spec 01 §4: a filter that leaves exactly one template selects it.
            const left = (templates.data ?? []).filter((tpl) => matchesName(tpl.name, next));
            if (next.trim() && left.length === 1 && left[0]) setChosen(String(left[0].id));
          }}
        />
        {templates.isPending && <LoadingScreen label={t('app.loading')} inline />}
        {templates.isError && (
          <Alert color="danger" variant="light" role="alert">
            {t('errors.pageFailed')}
          </Alert>
        )}
        {templates.data?.length === 0 && <Text>{t('templates.empty')}</Text>}
        {templates.data && templates.data.length > 0 && shown.length === 0 && (
          <Text role="status">{t('chooseTemplate.noMatch')}</Text>
        )}
        {shown.length > 0 && (
          <Radio.Group label={t('chooseTemplate.pick')} value={chosen} onChange={setChosen}>
            <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" mt="xs">
              {shown.map((tpl) => (
                <Paper key={tpl.id} withBorder radius="md" p="sm" className={classes.card}>
                  <TemplateThumbnail templateId={tpl.id} />
                  <Radio.Card value={String(tpl.id)} withBorder={false} p={0} className={classes.stretched}>
                    <Group wrap="nowrap" align="flex-start" gap="sm">
                      <Radio.Indicator />
                      <div style={{ minWidth: 0 }}>
                        <Text fw={700}>{tpl.name}</Text>
                        <Text size="sm" c="dimmed" lineClamp={3}>
                          {tpl.goal}
                        </Text>
                      </div>
                    </Group>
                  </Radio.Card>
                </Paper>
              ))}
            </SimpleGrid>
          </Radio.Group>
        )}
        <FormAlert message={apply.isError ? t('errors.pageFailed') : undefined} />
        <Group justify="space-between">
          <Button component={Link} to={`/mobilizations/${id}/templates/choose`} variant="default">
            {t('app.back')}
          </Button>
          <Button disabled={!chosen} loading={apply.isPending} onClick={() => apply.mutate(Number(chosen))}>
            {t('app.continue')}
          </Button>
        </Group>
      </Stack>
    </TitledPage>
  );
}
