/** Business constants from spec 01 §9 and spec 02. */
export const LIMITS = {
  /** The largest id a PostgreSQL `integer` column holds; a larger one names no row. */
  idMax: 2_147_483_647,
  passwordMin: 8,
  personNameMax: 100,
  emailMax: 254,
  communityNameMax: 100,
  communityCityMax: 100,
  communityDescriptionMax: 2000,
  mobilizationNameMax: 100,
  mobilizationGoalMax: 500,
  slugMax: 63,
  shareTitleMax: 70,
  shareDescriptionMax: 90,
  tweetMax: 280,
  subthemesMax: 3,
  imageMaxBytes: 8 * 1024 * 1024,
  /** The share image: at least 600×315, ideally 1200×630 (spec 01 §5). */
  shareImageMinWidth: 600,
  shareImageMinHeight: 315,
  shareImageIdealWidth: 1200,
  shareImageIdealHeight: 630,
} as const;

export const TOAST_AUTO_CLOSE_MS = 5000;

export const PASSWORD_RESET_TTL_HOURS = 2;

export const BRAND = {
  primary: '#ee0099',
  success: '#50e3c2',
  error: '#FF2B4E',
  bodyFont: 'Nunito Sans',
} as const;

/** SVG is left out on purpose: it can carry scripts, and uploads are served from the app's origin. */
export const IMAGE_CONTENT_TYPES = ['image/png', 'image/jpeg', 'image/gif', 'image/webp'] as const;

export function isImageContentType(type: string): boolean {
  return (IMAGE_CONTENT_TYPES as readonly string[]).includes(type.toLowerCase());
}
