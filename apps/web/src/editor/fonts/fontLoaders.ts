/**
 * One loader per family of core's RICH_TEXT_FONTS: the Latin subset (Portuguese, Spanish and English) of each weight
 * and style the family has, from its @fontsource package. Each import is its own chunk, so a family is downloaded
 * only when a text shows it or the font menu previews it. The list must follow core's (fontLoaders.test.ts checks).
 * Import paths must be literal for the bundler, which is why this map is spelled out.
 */
export const FONT_LOADERS: Readonly<Record<string, () => Promise<unknown>>> = {
  Roboto: () =>
    Promise.all([
      import('@fontsource/roboto/latin-400.css'),
      import('@fontsource/roboto/latin-400-italic.css'),
      import('@fontsource/roboto/latin-700.css'),
      import('@fontsource/roboto/latin-700-italic.css'),
    ]),
  Lato: () =>
    Promise.all([
      import('@fontsource/lato/latin-400.css'),
      import('@fontsource/lato/latin-400-italic.css'),
      import('@fontsource/lato/latin-700.css'),
      import('@fontsource/lato/latin-700-italic.css'),
    ]),
  'Open Sans': () =>
    Promise.all([
      import('@fontsource/open-sans/latin-400.css'),
      import('@fontsource/open-sans/latin-400-italic.css'),
      import('@fontsource/open-sans/latin-700.css'),
      import('@fontsource/open-sans/latin-700-italic.css'),
    ]),
  Montserrat: () =>
    Promise.all([
      import('@fontsource/montserrat/latin-400.css'),
      import('@fontsource/montserrat/latin-400-italic.css'),
      import('@fontsource/montserrat/latin-700.css'),
      import('@fontsource/montserrat/latin-700-italic.css'),
    ]),
  Lora: () =>
    Promise.all([
      import('@fontsource/lora/latin-400.css'),
      import('@fontsource/lora/latin-400-italic.css'),
      import('@fontsource/lora/latin-700.css'),
      import('@fontsource/lora/latin-700-italic.css'),
    ]),
  Merriweather: () =>
    Promise.all([
      import('@fontsource/merriweather/latin-400.css'),
      import('@fontsource/merriweather/latin-400-italic.css'),
      import('@fontsource/merriweather/latin-700.css'),
      import('@fontsource/merriweather/latin-700-italic.css'),
    ]),
  'Merriweather Sans': () =>
    Promise.all([
      import('@fontsource/merriweather-sans/latin-400.css'),
      import('@fontsource/merriweather-sans/latin-400-italic.css'),
      import('@fontsource/merriweather-sans/latin-700.css'),
      import('@fontsource/merriweather-sans/latin-700-italic.css'),
    ]),
  Oswald: () => Promise.all([import('@fontsource/oswald/latin-400.css'), import('@fontsource/oswald/latin-700.css')]),
  Raleway: () =>
    Promise.all([
      import('@fontsource/raleway/latin-400.css'),
      import('@fontsource/raleway/latin-400-italic.css'),
      import('@fontsource/raleway/latin-700.css'),
      import('@fontsource/raleway/latin-700-italic.css'),
    ]),
  'Nunito Sans': () =>
    Promise.all([
      import('@fontsource/nunito-sans/latin-400.css'),
      import('@fontsource/nunito-sans/latin-400-italic.css'),
      import('@fontsource/nunito-sans/latin-700.css'),
      import('@fontsource/nunito-sans/latin-700-italic.css'),
    ]),
  Nunito: () =>
    Promise.all([
      import('@fontsource/nunito/latin-400.css'),
      import('@fontsource/nunito/latin-400-italic.css'),
      import('@fontsource/nunito/latin-700.css'),
      import('@fontsource/nunito/latin-700-italic.css'),
    ]),
  Poppins: () =>
    Promise.all([
      import('@fontsource/poppins/latin-400.css'),
      import('@fontsource/poppins/latin-400-italic.css'),
      import('@fontsource/poppins/latin-700.css'),
      import('@fontsource/poppins/latin-700-italic.css'),
    ]),
  'Source Sans 3': () =>
    Promise.all([
      import('@fontsource/source-sans-3/latin-400.css'),
      import('@fontsource/source-sans-3/latin-400-italic.css'),
      import('@fontsource/source-sans-3/latin-700.css'),
      import('@fontsource/source-sans-3/latin-700-italic.css'),
    ]),
  Ubuntu: () =>
    Promise.all([
      import('@fontsource/ubuntu/latin-400.css'),
      import('@fontsource/ubuntu/latin-400-italic.css'),
      import('@fontsource/ubuntu/latin-700.css'),
      import('@fontsource/ubuntu/latin-700-italic.css'),
    ]),
  'PT Sans': () =>
    Promise.all([
      import('@fontsource/pt-sans/latin-400.css'),
      import('@fontsource/pt-sans/latin-400-italic.css'),
      import('@fontsource/pt-sans/latin-700.css'),
      import('@fontsource/pt-sans/latin-700-italic.css'),
    ]),
  'PT Serif': () =>
    Promise.all([
      import('@fontsource/pt-serif/latin-400.css'),
      import('@fontsource/pt-serif/latin-400-italic.css'),
      import('@fontsource/pt-serif/latin-700.css'),
      import('@fontsource/pt-serif/latin-700-italic.css'),
    ]),
  'PT Mono': () => Promise.all([import('@fontsource/pt-mono/latin-400.css')]),
  'Roboto Slab': () =>
    Promise.all([import('@fontsource/roboto-slab/latin-400.css'), import('@fontsource/roboto-slab/latin-700.css')]),
  'Roboto Condensed': () =>
    Promise.all([
      import('@fontsource/roboto-condensed/latin-400.css'),
      import('@fontsource/roboto-condensed/latin-400-italic.css'),
      import('@fontsource/roboto-condensed/latin-700.css'),
      import('@fontsource/roboto-condensed/latin-700-italic.css'),
    ]),
  'Roboto Mono': () =>
    Promise.all([
      import('@fontsource/roboto-mono/latin-400.css'),
      import('@fontsource/roboto-mono/latin-400-italic.css'),
      import('@fontsource/roboto-mono/latin-700.css'),
      import('@fontsource/roboto-mono/latin-700-italic.css'),
    ]),
  'Playfair Display': () =>
    Promise.all([
      import('@fontsource/playfair-display/latin-400.css'),
      import('@fontsource/playfair-display/latin-400-italic.css'),
      import('@fontsource/playfair-display/latin-700.css'),
      import('@fontsource/playfair-display/latin-700-italic.css'),
    ]),
  Arvo: () =>
    Promise.all([
      import('@fontsource/arvo/latin-400.css'),
      import('@fontsource/arvo/latin-400-italic.css'),
      import('@fontsource/arvo/latin-700.css'),
      import('@fontsource/arvo/latin-700-italic.css'),
    ]),
  Dosis: () => Promise.all([import('@fontsource/dosis/latin-400.css'), import('@fontsource/dosis/latin-700.css')]),
  'Fjalla One': () => Promise.all([import('@fontsource/fjalla-one/latin-400.css')]),
  Bitter: () =>
    Promise.all([
      import('@fontsource/bitter/latin-400.css'),
      import('@fontsource/bitter/latin-400-italic.css'),
      import('@fontsource/bitter/latin-700.css'),
      import('@fontsource/bitter/latin-700-italic.css'),
    ]),
  Cabin: () =>
    Promise.all([
      import('@fontsource/cabin/latin-400.css'),
      import('@fontsource/cabin/latin-400-italic.css'),
      import('@fontsource/cabin/latin-700.css'),
      import('@fontsource/cabin/latin-700-italic.css'),
    ]),
  'Crimson Text': () =>
    Promise.all([
      import('@fontsource/crimson-text/latin-400.css'),
      import('@fontsource/crimson-text/latin-400-italic.css'),
      import('@fontsource/crimson-text/latin-700.css'),
      import('@fontsource/crimson-text/latin-700-italic.css'),
    ]),
  'EB Garamond': () =>
    Promise.all([
      import('@fontsource/eb-garamond/latin-400.css'),
      import('@fontsource/eb-garamond/latin-400-italic.css'),
      import('@fontsource/eb-garamond/latin-700.css'),
      import('@fontsource/eb-garamond/latin-700-italic.css'),
    ]),
  'Exo 2': () =>
    Promise.all([
      import('@fontsource/exo-2/latin-400.css'),
      import('@fontsource/exo-2/latin-400-italic.css'),
      import('@fontsource/exo-2/latin-700.css'),
      import('@fontsource/exo-2/latin-700-italic.css'),
    ]),
  'Fira Sans': () =>
    Promise.all([
      import('@fontsource/fira-sans/latin-400.css'),
      import('@fontsource/fira-sans/latin-400-italic.css'),
      import('@fontsource/fira-sans/latin-700.css'),
      import('@fontsource/fira-sans/latin-700-italic.css'),
    ]),
  Inter: () => Promise.all([import('@fontsource/inter/latin-400.css'), import('@fontsource/inter/latin-700.css')]),
  'Josefin Sans': () =>
    Promise.all([
      import('@fontsource/josefin-sans/latin-400.css'),
      import('@fontsource/josefin-sans/latin-400-italic.css'),
      import('@fontsource/josefin-sans/latin-700.css'),
      import('@fontsource/josefin-sans/latin-700-italic.css'),
    ]),
  Karla: () =>
    Promise.all([
      import('@fontsource/karla/latin-400.css'),
      import('@fontsource/karla/latin-400-italic.css'),
      import('@fontsource/karla/latin-700.css'),
      import('@fontsource/karla/latin-700-italic.css'),
    ]),
  'Libre Baskerville': () =>
    Promise.all([
      import('@fontsource/libre-baskerville/latin-400.css'),
      import('@fontsource/libre-baskerville/latin-400-italic.css'),
      import('@fontsource/libre-baskerville/latin-700.css'),
      import('@fontsource/libre-baskerville/latin-700-italic.css'),
    ]),
  'Libre Franklin': () =>
    Promise.all([
      import('@fontsource/libre-franklin/latin-400.css'),
      import('@fontsource/libre-franklin/latin-400-italic.css'),
      import('@fontsource/libre-franklin/latin-700.css'),
      import('@fontsource/libre-franklin/latin-700-italic.css'),
    ]),
  Mukta: () => Promise.all([import('@fontsource/mukta/latin-400.css'), import('@fontsource/mukta/latin-700.css')]),
  'Noto Sans': () =>
    Promise.all([
      import('@fontsource/noto-sans/latin-400.css'),
      import('@fontsource/noto-sans/latin-400-italic.css'),
      import('@fontsource/noto-sans/latin-700.css'),
      import('@fontsource/noto-sans/latin-700-italic.css'),
    ]),
  'Noto Serif': () =>
    Promise.all([
      import('@fontsource/noto-serif/latin-400.css'),
      import('@fontsource/noto-serif/latin-400-italic.css'),
      import('@fontsource/noto-serif/latin-700.css'),
      import('@fontsource/noto-serif/latin-700-italic.css'),
    ]),
  'Work Sans': () =>
    Promise.all([
      import('@fontsource/work-sans/latin-400.css'),
      import('@fontsource/work-sans/latin-400-italic.css'),
      import('@fontsource/work-sans/latin-700.css'),
      import('@fontsource/work-sans/latin-700-italic.css'),
    ]),
  Quicksand: () =>
    Promise.all([import('@fontsource/quicksand/latin-400.css'), import('@fontsource/quicksand/latin-700.css')]),
  Rubik: () =>
    Promise.all([
      import('@fontsource/rubik/latin-400.css'),
      import('@fontsource/rubik/latin-400-italic.css'),
      import('@fontsource/rubik/latin-700.css'),
      import('@fontsource/rubik/latin-700-italic.css'),
    ]),
  'Titillium Web': () =>
    Promise.all([
      import('@fontsource/titillium-web/latin-400.css'),
      import('@fontsource/titillium-web/latin-400-italic.css'),
      import('@fontsource/titillium-web/latin-700.css'),
      import('@fontsource/titillium-web/latin-700-italic.css'),
    ]),
  Vollkorn: () =>
    Promise.all([
      import('@fontsource/vollkorn/latin-400.css'),
      import('@fontsource/vollkorn/latin-400-italic.css'),
      import('@fontsource/vollkorn/latin-700.css'),
      import('@fontsource/vollkorn/latin-700-italic.css'),
    ]),
  'Zilla Slab': () =>
    Promise.all([
      import('@fontsource/zilla-slab/latin-400.css'),
      import('@fontsource/zilla-slab/latin-400-italic.css'),
      import('@fontsource/zilla-slab/latin-700.css'),
      import('@fontsource/zilla-slab/latin-700-italic.css'),
    ]),
  'Abril Fatface': () => Promise.all([import('@fontsource/abril-fatface/latin-400.css')]),
  Anton: () => Promise.all([import('@fontsource/anton/latin-400.css')]),
  'Bebas Neue': () => Promise.all([import('@fontsource/bebas-neue/latin-400.css')]),
  Pacifico: () => Promise.all([import('@fontsource/pacifico/latin-400.css')]),
  Lobster: () => Promise.all([import('@fontsource/lobster/latin-400.css')]),
  'Dancing Script': () =>
    Promise.all([
      import('@fontsource/dancing-script/latin-400.css'),
      import('@fontsource/dancing-script/latin-700.css'),
    ]),
  Caveat: () => Promise.all([import('@fontsource/caveat/latin-400.css'), import('@fontsource/caveat/latin-700.css')]),
  'Permanent Marker': () => Promise.all([import('@fontsource/permanent-marker/latin-400.css')]),
  'Indie Flower': () => Promise.all([import('@fontsource/indie-flower/latin-400.css')]),
  Righteous: () => Promise.all([import('@fontsource/righteous/latin-400.css')]),
  'Alfa Slab One': () => Promise.all([import('@fontsource/alfa-slab-one/latin-400.css')]),
  'Space Mono': () =>
    Promise.all([
      import('@fontsource/space-mono/latin-400.css'),
      import('@fontsource/space-mono/latin-400-italic.css'),
      import('@fontsource/space-mono/latin-700.css'),
      import('@fontsource/space-mono/latin-700-italic.css'),
    ]),
  'Source Code Pro': () =>
    Promise.all([
      import('@fontsource/source-code-pro/latin-400.css'),
      import('@fontsource/source-code-pro/latin-400-italic.css'),
      import('@fontsource/source-code-pro/latin-700.css'),
      import('@fontsource/source-code-pro/latin-700-italic.css'),
    ]),
  Inconsolata: () =>
    Promise.all([import('@fontsource/inconsolata/latin-400.css'), import('@fontsource/inconsolata/latin-700.css')]),
  Barlow: () =>
    Promise.all([
      import('@fontsource/barlow/latin-400.css'),
      import('@fontsource/barlow/latin-400-italic.css'),
      import('@fontsource/barlow/latin-700.css'),
      import('@fontsource/barlow/latin-700-italic.css'),
    ]),
  Archivo: () =>
    Promise.all([
      import('@fontsource/archivo/latin-400.css'),
      import('@fontsource/archivo/latin-400-italic.css'),
      import('@fontsource/archivo/latin-700.css'),
      import('@fontsource/archivo/latin-700-italic.css'),
    ]),
};
