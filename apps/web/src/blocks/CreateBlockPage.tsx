import { Button, Group, Paper, Stack } from '@mantine/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams } from 'react-router';
import { ApiError } from '../api/client';
import { TitledPage } from '../shell/layouts/TitledPage';
import { NotFoundInShell } from '../shell/NotFoundPage';
import { BackgroundFields } from './BackgroundFields';
import { BACKGROUND_PRESETS, type BlockBackground, bgClassOfColor } from './background';
import { blocksQueryKey, createBlock, fetchEditorBlocks, type NewBlockInput } from './blocksApi';
import { LayoutPicker } from './LayoutPicker';
import { BLOCK_LAYOUTS, columnsOf, DEFAULT_LAYOUT } from './layouts';
import { showMutationError } from './mutationErrors';

/**
 * `/mobilizations/{id}/blocks/create` (spec 01 §2): choose a layout and a background, then add. The block goes to the
 * end of the page (last position plus one) and the editor opens scrolled to it.
 */
export default function CreateBlockPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const mobilizationId = Number(useParams().id);
  const [layoutId, setLayoutId] = useState(DEFAULT_LAYOUT.id);
  const [medium, setMedium] = useState(6);
  const [background, setBackground] = useState<BlockBackground>({
    bg_class: bgClassOfColor(BACKGROUND_PRESETS[0] ?? { r: 255, g: 255, b: 255, a: 1 }),
    bg_image: null,
  });
  const [saving, setSaving] = useState(false);
  // With no blocks yet the editor would send the organiser straight back here: cancelling leads to the list.
  const existing = useQuery({
    queryKey: blocksQueryKey(mobilizationId),
    queryFn: () => fetchEditorBlocks(mobilizationId),
    meta: { showsErrors: 'refusals' },
  });
  const create = useMutation({
    mutationFn: (block: NewBlockInput) => createBlock(mobilizationId, block),
    meta: { showsErrors: 'refusals' },
  });
  const cancelTo = existing.data?.length ? `/mobilizations/${mobilizationId}/edit` : '/mobilizations';

  const add = async () => {
    const layout = BLOCK_LAYOUTS.find((l) => l.id === layoutId) ?? DEFAULT_LAYOUT;
    setSaving(true);
    try {
      await create.mutateAsync({ ...background, widgets_attributes: columnsOf(layout, medium) });
      await queryClient.invalidateQueries({ queryKey: blocksQueryKey(mobilizationId) });
      navigate(`/mobilizations/${mobilizationId}/edit?newBlock=true`);
    } catch (error) {
      showMutationError(error);
      setSaving(false);
    }
  };

  if (existing.error instanceof ApiError && existing.error.status === 404) return <NotFoundInShell />;

  return (
    <TitledPage title={t('editor.create.title')} description={t('editor.create.description')}>
      <Paper withBorder p="lg" radius="md">
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void add();
          }}
        >
          <Stack gap="xl">
            <LayoutPicker value={layoutId} onChange={setLayoutId} medium={medium} onMediumChange={setMedium} />
            <BackgroundFields value={background} onChange={setBackground} />
            <Group justify="flex-end" gap="sm">
              <Button component={Link} to={cancelTo} variant="default">
                {t('app.cancel')}
              </Button>
              <Button type="submit" loading={saving}>
                {t('editor.create.submit')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Paper>
    </TitledPage>
  );
}
