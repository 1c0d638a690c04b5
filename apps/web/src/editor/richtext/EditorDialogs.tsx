import { EmbedDialog } from './EmbedDialog';
import { ImageModal } from './ImageModal';
import { LinkDialog } from './LinkDialog';
import type { EditorDialogs as Dialogs } from './useEditorDialogs';

/** The block editor's open dialog, if any: link, image or embed (state and outcomes in `useEditorDialogs`). */
export function EditorDialogs({ dialogs }: { dialogs: Dialogs }) {
  const { link, image, embed, closeLink, imageDone, embedDone } = dialogs;
  return (
    <>
      {link.opened && (
        <LinkDialog
          opened
          initial={link.initial}
          existing={!!link.link}
          onSave={(data) => closeLink('cancel', data)}
          onCancel={() => closeLink('cancel')}
          onRemove={() => closeLink('remove')}
        />
      )}
      {image.opened && (
        <ImageModal
          opened
          mode={image.mode}
          initial={image.initial}
          onSave={imageDone.save}
          onCancel={imageDone.cancel}
          onDelete={imageDone.remove}
        />
      )}
      {embed.opened && (
        <EmbedDialog
          opened
          initial={embed.initial}
          existing={!!embed.embed}
          onSave={embedDone.save}
          onCancel={embedDone.cancel}
          onRemove={embedDone.remove}
        />
      )}
    </>
  );
}
