import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type RichTextDocument, serializeContent } from '@mutirao/core';
import { inArray } from 'drizzle-orm';
import type { Db } from '../db/client';
import { uploads } from '../db/schema';
import { imageDimensions } from '../uploads/dimensions';
import { LocalStorage, type StorageDriver } from '../uploads/storage';
import { storeVariants } from '../uploads/variants';
import { SIGN_UP_BLOCK } from './demoForm';
import type { BlockSeed } from './factories';

/** Demo images live beside the sources and the bundle; the seed copies them into local uploads. */
function assetsDir(): string {
  for (const dir of [join(import.meta.dirname, 'assets'), join(import.meta.dirname, '../src/seed/assets')]) {
    try {
      readFileSync(join(dir, 'moradia-centro.jpg'));
      return dir;
    } catch {}
  }
  return join(import.meta.dirname, 'assets');
}

export interface DemoImages {
  hero?: string;
  meeting?: string;
}

/**
 * Stores the demo images as uploads (local storage only: with S3 the demo page simply has no pictures) and
 * returns their addresses. Relative addresses work on the admin host and on every public host alike. The documents
 * give the images no size: the public page takes it from the stored upload. Their resized copies are made in
 * sharp's thread while the rest of the demo is written: `copies` settles when they are stored.
 */
export async function storeDemoImages(
  db: Db,
  storage: StorageDriver,
): Promise<{ images: DemoImages; copies: Promise<unknown> }> {
  const images: DemoImages = {};
  const copies: Promise<unknown>[] = [];
  if (!(storage instanceof LocalStorage)) return { images, copies: Promise.resolve() };
  const dir = assetsDir();
  for (const [name, file] of [
    ['hero', 'moradia-centro.jpg'],
    ['meeting', 'assembleia.jpg'],
  ] as const) {
    try {
      const bytes = readFileSync(join(dir, file));
      const key = `demo/${file}`;
      await storage.write(key, bytes);
      const url = `/uploads/${key}`;
      const [row] = await db
        .insert(uploads)
        .values({
          key,
          url,
          contentType: 'image/jpeg',
          size: bytes.length,
          ...imageDimensions(bytes),
          status: 'stored',
        })
        .returning({ id: uploads.id, key: uploads.key });
      images[name] = url;
      // Seeding runs before the job worker starts, so the demo page's resized copies are made here. A copy that
      // fails leaves the page with the original only, as a missing asset leaves it without that picture.
      if (row) copies.push(storeVariants(db, storage, row).catch(() => undefined));
    } catch {
      // A missing asset leaves the page without that picture.
    }
  }
  return { images, copies: Promise.all(copies) };
}

/** The demo images' addresses if the demo seed stored them (test pages borrow them without storing them again). */
export async function storedDemoImages(db: Db): Promise<DemoImages> {
  const rows = await db
    .select({ key: uploads.key, url: uploads.url })
    .from(uploads)
    .where(inArray(uploads.key, ['demo/moradia-centro.jpg', 'demo/assembleia.jpg']));
  const url = (file: string) => rows.find((r) => r.key === `demo/${file}`)?.url;
  return { hero: url('moradia-centro.jpg'), meeting: url('assembleia.jpg') };
}

const text = (value: string, marks: Record<string, unknown> = {}) => ({ text: value, ...marks });
const paragraph = (...children: RichTextDocument[number]['children']) =>
  ({ type: 'paragraph', children }) as RichTextDocument[number];
const content = (document: RichTextDocument) => ({ content: serializeContent(document) });

/**
 * The demo campaign page: rich text with headings, marks, lists, links and images, a column layout, the
 * petition form, the sign-up form with its thank-you e-mail and entries, a hidden block (seen only in the editor) and
 * a block left out of the menu.
 */
export function demoPageBlocks(images: DemoImages, petition: BlockSeed): BlockSeed[] {
  const heroImage: RichTextDocument = images.hero
    ? [
        paragraph({
          type: 'image',
          src: images.hero,
          alt: 'Ilustração de prédios vazios no centro do Recife',
          children: [{ text: '' }],
        } as never),
      ]
    : [];
  return [
    {
      name: 'Início',
      bgClass: JSON.stringify({ r: 34, g: 16, b: 60, a: 1 }),
      widgets: [
        {
          kind: 'content',
          settings: content([
            { type: 'heading', level: 1, align: 'center', children: [text('Moradia digna no centro do Recife')] },
            {
              type: 'paragraph',
              align: 'center',
              children: [
                text('São '),
                text('mais de 300 imóveis públicos vazios', { bold: true }),
                text(' no centro enquanto milhares de famílias pagam aluguel que não cabe no salário. '),
                text('Queremos que eles virem moradia popular.', { italic: true }),
              ],
            },
            ...heroImage,
          ]),
        },
      ],
    },
    {
      name: 'O problema',
      bgClass: 'bg-white',
      widgets: [
        {
          kind: 'content',
          mdSize: 6,
          lgSize: 6,
          settings: content([
            { type: 'heading', level: 2, children: [text('O que está acontecendo')] },
            paragraph(
              text('Um levantamento do '),
              {
                type: 'link',
                href: 'https://example.org/levantamento-imoveis-vazios',
                target: '_blank',
                children: [text('Observatório do Direito à Cidade')],
              } as never,
              text(' mostrou prédios fechados há mais de dez anos, pagos com dinheiro público.'),
            ),
            {
              type: 'ordered-list',
              children: [
                { type: 'list-item', children: [text('Mapear os imóveis vazios com os moradores.')] },
                { type: 'list-item', children: [text('Entregar as assinaturas em audiência pública.')] },
                {
                  type: 'list-item',
                  children: [text('Acompanhar a votação do plano de habitação', { underline: true }), text('.')],
                },
              ],
            },
          ]),
        },
        {
          kind: 'content',
          mdSize: 6,
          lgSize: 6,
          settings: content([
            { type: 'heading', level: 3, children: [text('Assembleia aberta')] },
            paragraph(
              text('Sábado, 9h, no '),
              text('Pátio de São Pedro', { bold: true, color: { r: 196, g: 0, b: 126, a: 1 } }),
              text('. Traga sua vizinhança.'),
            ),
            ...(images.meeting
              ? [
                  paragraph({
                    type: 'imageLink',
                    src: images.meeting,
                    href: 'https://example.org/assembleia',
                    alt: 'Cartaz da assembleia aberta',
                    openExternal: true,
                    children: [{ text: '' }],
                  } as never),
                ]
              : []),
            {
              type: 'unordered-list',
              children: [
                { type: 'list-item', children: [text('Entrada livre')] },
                { type: 'list-item', children: [text('Espaço para crianças')] },
              ],
            },
          ]),
        },
      ],
    },
    petition,
    SIGN_UP_BLOCK,
    {
      name: 'Bastidores',
      hidden: true,
      widgets: [
        {
          kind: 'content',
          settings: content([
            paragraph(text('Rascunho: depoimentos das famílias entram aqui depois da assembleia.', { italic: true })),
          ]),
        },
      ],
    },
    {
      name: 'Quem somos',
      menuHidden: true,
      bgClass: 'bg-2',
      widgets: [
        ['Coletivo Bem Viver', 'Moradoras e moradores do centro desde 2015.'],
        ['Rede de Apoio Jurídico', 'Advogadas populares que acompanham os despejos.'],
        ['Fórum de Moradia', 'Movimentos de moradia da Região Metropolitana.'],
      ].map(([name, about]) => ({
        kind: 'content' as const,
        mdSize: 4,
        lgSize: 4,
        settings: content([
          { type: 'heading', level: 4, children: [text(name as string)] },
          paragraph(text(about as string)),
        ]),
      })),
    },
  ];
}
