import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  type BlockPatch,
  blocksQueryKey,
  createBlock,
  deleteBlock,
  type EditorBlock,
  fetchEditorBlocks,
  type NewBlockInput,
  updateBlock,
  updateBlockPositions,
  updateWidget,
  type WidgetPatch,
} from './blocksApi';
import { showMutationError } from './mutationErrors';
import { applyPositions, swapPositions } from './positions';
import type { WidgetData } from './types';

type Blocks = EditorBlock[];

/** Placeholders shown while the server creates a block have negative ids: nothing may act on them yet. */
export const isPending = (block: { id: number }) => block.id < 0;

let placeholderSeq = 0;
const placeholderId = () => {
  placeholderSeq += 1;
  return -placeholderSeq;
};

/**
 * Every change to the page is shown at once, sent at once, and undone on screen if the server refuses it
 * (spec 01 §4: "every change persists at once"). Block changes of one page run one after another (a mutation scope),
 * so two quick moves reach the server in the order they were made and never interleave into duplicate positions.
 */
function useOptimistic<TVars, TResult>(
  mobilizationId: number,
  options: {
    mutationFn: (vars: TVars) => Promise<TResult>;
    /** The page as it should look right away. */
    optimistic: (blocks: Blocks, vars: TVars) => Blocks;
    /** The page once the server answered (defaults to keeping the optimistic one). */
    settle?: (blocks: Blocks, result: TResult, vars: TVars) => Blocks;
  },
) {
  const queryClient = useQueryClient();
  const key = blocksQueryKey(mobilizationId);
  return useMutation({
    scope: { id: `blocks-${mobilizationId}` },
    mutationFn: options.mutationFn,
    meta: { showsErrors: 'refusals' },
    onMutate: async (vars: TVars) => {
      await queryClient.cancelQueries({ queryKey: key });
      const previous = queryClient.getQueryData<Blocks>(key);
      if (previous) queryClient.setQueryData<Blocks>(key, options.optimistic(previous, vars));
      return { previous };
    },
    onError: (error, _vars, context) => {
      if (context?.previous) queryClient.setQueryData<Blocks>(key, context.previous);
      showMutationError(error);
      // Later changes may have been applied over the rolled-back one: the server's page is the truth.
      void queryClient.invalidateQueries({ queryKey: key });
    },
    onSuccess: (result, vars) => {
      const { settle } = options;
      if (settle) queryClient.setQueryData<Blocks>(key, (blocks) => (blocks ? settle(blocks, result, vars) : blocks));
    },
  });
}

const patchBlock = (blocks: Blocks, id: number, patch: Partial<EditorBlock>) =>
  blocks.map((b) => (b.id === id ? { ...b, ...patch } : b));

async function widgetsOf(mobilizationId: number, blockId: number): Promise<WidgetData[]> {
  const page = await fetchEditorBlocks(mobilizationId);
  return page.find((b) => b.id === blockId)?.widgets ?? [];
}

/** Resolves true once saved, false when refused (the screen is already rolled back and the toast shown). */
const settled = (promise: Promise<unknown>) =>
  promise.then(
    () => true,
    () => false,
  );

/** The block menu's actions, and widget changes, each one optimistic. */
export function useBlockMutations(mobilizationId: number) {
  const queryClient = useQueryClient();

  const update = useOptimistic(mobilizationId, {
    mutationFn: ({ id, patch }: { id: number; patch: BlockPatch }) => updateBlock(id, patch),
    optimistic: (blocks, { id, patch }) => patchBlock(blocks, id, patch),
  });

  const move = useOptimistic(mobilizationId, {
    mutationFn: ({ positions }: { positions: { id: number; position: number }[] }) =>
      updateBlockPositions(mobilizationId, positions),
    optimistic: (blocks, { positions }) => applyPositions(blocks, positions),
    // The server answers with every block's position: the page takes them, so the next move starts from the truth.
    settle: (blocks, saved) =>
      applyPositions(
        blocks,
        saved.map((b) => ({ id: b.id, position: b.position })),
      ),
  });

  const remove = useOptimistic(mobilizationId, {
    mutationFn: ({ id }: { id: number }) => deleteBlock(id),
    // The server closes the gap (positions stay 1..n); the page does the same, so later moves send real positions.
    optimistic: (blocks, { id }) =>
      blocks
        .filter((b) => b.id !== id)
        .map((b, index) => (b.position === index + 1 ? b : { ...b, position: index + 1 })),
  });

  const duplicate = useOptimistic(mobilizationId, {
    mutationFn: async ({ source }: { source: EditorBlock; tempId: number }): Promise<EditorBlock> => {
      const input: NewBlockInput = {
        name: source.name,
        bg_class: source.bg_class,
        bg_image: source.bg_image,
        hidden: source.hidden,
        menu_hidden: source.menu_hidden,
        widgets_attributes: source.widgets.map((w) => ({
          sm_size: w.sm_size,
          md_size: w.md_size,
          lg_size: w.lg_size,
          kind: w.kind,
          settings: structuredClone(w.settings ?? {}),
        })),
      };
      const created = await createBlock(mobilizationId, input);
      let widgets = created.widgets ?? (await widgetsOf(mobilizationId, created.id));
      // A deep copy: any widget the server created as a plain slot gets its source's kind and settings.
      widgets = await Promise.all(
        widgets.map(async (widget, i) => {
          const from = source.widgets[i];
          if (!from || (widget.kind === from.kind && JSON.stringify(widget.settings) === JSON.stringify(from.settings)))
            return widget;
          return updateWidget(mobilizationId, widget.id, { kind: from.kind, settings: structuredClone(from.settings) });
        }),
      );
      return { ...created, widgets };
    },
    optimistic: (blocks, { source, tempId }) => {
      const last = blocks.reduce((max, b) => Math.max(max, b.position), 0);
      const copy: EditorBlock = {
        ...structuredClone(source),
        id: tempId,
        position: last + 1,
        widgets: source.widgets.map((w, i) => ({ ...structuredClone(w), id: tempId * 100 - i, block_id: tempId })),
      };
      return [...blocks, copy];
    },
    settle: (blocks, created, { tempId }) => blocks.map((b) => (b.id === tempId ? created : b)),
  });

  const updateWidgetMutation = useOptimistic(mobilizationId, {
    mutationFn: ({ widgetId, patch }: { widgetId: number; patch: WidgetPatch }) =>
      updateWidget(mobilizationId, widgetId, patch),
    optimistic: (blocks, { widgetId, patch }) =>
      blocks.map((b) => ({ ...b, widgets: b.widgets.map((w) => (w.id === widgetId ? { ...w, ...patch } : w)) })),
    settle: (blocks, saved) =>
      blocks.map((b) => ({ ...b, widgets: b.widgets.map((w) => (w.id === saved.id ? { ...w, ...saved } : w)) })),
  });

  const blocks = () => queryClient.getQueryData<Blocks>(blocksQueryKey(mobilizationId)) ?? [];

  return {
    updateBlock: (id: number, patch: BlockPatch) => settled(update.mutateAsync({ id, patch })),
    moveBlock: (id: number, direction: -1 | 1) => {
      const positions = swapPositions(blocks(), id, direction);
      return positions ? settled(move.mutateAsync({ positions })) : Promise.resolve(false);
    },
    removeBlock: (id: number) => settled(remove.mutateAsync({ id })),
    /** Resolves with the new block once the server made it, or undefined when it refused. */
    duplicateBlock: (source: EditorBlock) =>
      duplicate.mutateAsync({ source, tempId: placeholderId() }).catch(() => undefined),
    updateWidget: (widgetId: number, patch: WidgetPatch) =>
      settled(updateWidgetMutation.mutateAsync({ widgetId, patch })),
  };
}
