import { Alert, Button, Group, Stack, Textarea, TextInput } from '@mantine/core';
import { LIMITS, type TemplateCreateInput, templateCreateSchema } from '@mutirao/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { FormAlert } from '../forms/FormAlert';
import { useSchemaForm } from '../forms/useSchemaForm';
import { fetchMobilizationSummary, mobilizationSummaryKey } from '../mobilizations/mobilizationsApi';
import { LoadingScreen } from '../shell/layouts/LoadingScreen';
import { TitledPage } from '../shell/layouts/TitledPage';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { showSuccess } from '../shell/toasts';
import { createTemplate } from './templatesApi';

/**
 * `/mobilizations/{id}/templates/create` (spec 01 §5): a name (100) and a goal (500), both required with
 * 'Preenchimento obrigatório'. Saving snapshots the page's blocks and widgets as a community template and opens
 * the template list.
 */
export default function CreateTemplatePage() {
  const { t } = useTranslation();
  const id = Number(useParams().id);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobilization = useQuery({ queryKey: mobilizationSummaryKey(id), queryFn: () => fetchMobilizationSummary(id) });
  const { form, onSubmit, field, serverError } = useSchemaForm({
    schema: templateCreateSchema,
    defaultValues: { name: '', goal: '', mobilization_id: id, global: false } as TemplateCreateInput,
    submit: async (values) => {
      try {
        const template = await createTemplate(values);
        await queryClient.invalidateQueries({ queryKey: ['templates'] });
        showSuccess(t('templateCreate.createdToast', { name: template.name }));
        navigate('/mobilizations/templates/list');
      } catch (error) {
        // Spec 01 §8: a failed create is logged with its status; the form shows the field errors.
        if (error instanceof ApiError) console.error(t('templateCreate.failedLog', { status: error.status }));
        throw error;
      }
    },
  });

  if (mobilization.isPending) return <LoadingScreen label={t('app.loading')} inline />;
  if (mobilization.isError)
    return (
      <Alert color="danger" variant="light" role="alert">
        {t('errors.pageFailed')}
      </Alert>
    );
  if (!mobilization.data) return <NotFoundInShell />;

  return (
    <TitledPage
      title={t('templateCreate.title')}
      description={t('templateCreate.intro', { name: mobilization.data.name })}
    >
      <form onSubmit={onSubmit} noValidate>
        <Stack gap="md" maw={640}>
          <TextInput
            label={t('templateCreate.name')}
            description={t('templateCreate.nameHelp', { max: LIMITS.mobilizationNameMax })}
            required
            {...field('name')}
          />
          <Textarea
            label={t('templateCreate.goal')}
            description={t('templateCreate.goalHelp', { max: LIMITS.mobilizationGoalMax })}
            required
            autosize
            minRows={3}
            {...field('goal')}
          />
          <FormAlert message={serverError} />
          <Group justify="space-between">
            <Button component={Link} to="/mobilizations" variant="default">
              {t('app.back')}
            </Button>
            <Button type="submit" loading={form.formState.isSubmitting}>
              {t('templateCreate.submit')}
            </Button>
          </Group>
        </Stack>
      </form>
    </TitledPage>
  );
}
