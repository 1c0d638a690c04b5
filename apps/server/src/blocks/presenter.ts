import type { BlockData } from '@mutirao/core';
import type { Block, Widget } from '../db/schema';
import { presentWidget } from '../widgets/presenter';

/** A block as the APIs send it, with its widgets when they were loaded (`counts` as for `presentWidget`). */
export function presentBlock(b: Block, blockWidgets?: Widget[], counts?: Map<number, number>): BlockData {
  return {
    id: b.id,
    mobilization_id: b.mobilizationId,
    name: b.name,
    position: b.position,
    hidden: b.hidden,
    menu_hidden: b.menuHidden,
    bg_class: b.bgClass,
    bg_image: b.bgImage,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
    ...(blockWidgets && { widgets: blockWidgets.map((w) => presentWidget(w, counts)) }),
  };
}
