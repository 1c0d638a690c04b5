import type { SVGProps } from 'react';

/** The editor's stroke icons, in the style of the shell's. Decoration only: every control also has a text name. */
const PATHS = {
  bold: 'M7 5h6a3.5 3.5 0 0 1 0 7H7zM13 12h1a3.5 3.5 0 0 1 0 7H7v-7',
  italic: 'M11 5h6M7 19h6M14 5l-4 14',
  underline: 'M7 5v5a5 5 0 0 0 10 0V5M5 19h14',
  strikethrough: 'M5 12h14M16 6.5A4 2 0 0 0 12 5h-1a3.5 3.5 0 0 0 0 7h2a3.5 3.5 0 0 1 0 7h-1.5a4 2 0 0 1-4-1.5',
  alignLeft: 'M4 6h16M4 12h10M4 18h14',
  alignCenter: 'M4 6h16M8 12h8M6 18h12',
  alignRight: 'M4 6h16M10 12h10M6 18h14',
  listBullets: 'M9 6h11M9 12h11M9 18h11M5 6v.01M5 12v.01M5 18v.01',
  listNumbers: 'M11 6h9M11 12h9M12 18h8M4 16a2 2 0 1 1 4 0c0 .6-.3 1-1 1.5L4 20h4M6 10V4L4 6',
  indent: 'M20 6H9M20 12h-7M20 18H9M4 8l4 4-4 4',
  outdent: 'M20 6h-7M20 12h-9M20 18h-7M8 8l-4 4 4 4',
  grid: 'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM12 4v16',
  rows: 'M4 6a2 2 0 0 1 2-2h12a2 2 0 0 1 2 2v12a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2zM4 12h16',
  link: 'M9 15l6-6M11 6l.5-.5a5 5 0 0 1 7 7l-.5.5M13 18l-.4.5a5 5 0 0 1-7-7l.5-.5',
  photo:
    'M15 8h.01M3 6a3 3 0 0 1 3-3h12a3 3 0 0 1 3 3v12a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V6zM3 16l5-5c.9-.9 2.1-.9 3 0l5 5M14 14l1-1c.9-.9 2.1-.9 3 0l3 3',
  code: 'M7 8l-4 4 4 4M17 8l4 4-4 4M14 4l-4 16',
  palette:
    'M12 21a9 9 0 0 1 0-18c5 0 9 3.6 9 8 0 2.5-2 4.5-4.5 4.5H14a2 2 0 0 0-1 3.7A1.3 1.3 0 0 1 12 21M8.5 10.5h.01M12 7.5h.01M16.5 10.5h.01',
  plus: 'M12 5v14M5 12h14',
  minus: 'M5 12h14',
  copy: 'M8 10a2 2 0 0 1 2-2h8a2 2 0 0 1 2 2v8a2 2 0 0 1-2 2h-8a2 2 0 0 1-2-2zM16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2',
  arrowUp: 'M12 5v14M18 11l-6-6M6 11l6-6',
  arrowDown: 'M12 5v14M18 13l-6 6M6 13l6 6',
  eye: 'M10 12a2 2 0 1 0 4 0a2 2 0 1 0-4 0M21 12c-2.4 4-5.4 6-9 6s-6.6-2-9-6c2.4-4 5.4-6 9-6s6.6 2 9 6',
  eyeOff:
    'M10.6 10.6a2 2 0 0 0 2.8 2.8M16.7 16.7A9 9 0 0 1 12 18c-3.6 0-6.6-2-9-6 1.3-2.1 2.7-3.7 4.3-4.7M9.9 6.2A9 9 0 0 1 12 6c3.6 0 6.6 2 9 6-.7 1.1-1.4 2.1-2.1 2.9M3 3l18 18',
  trash: 'M4 7h16M10 11v6M14 11v6M5 7l1 12a2 2 0 0 0 2 2h8a2 2 0 0 0 2-2l1-12M9 7V4a1 1 0 0 1 1-1h4a1 1 0 0 1 1 1v3',
  dots: 'M5 12h.01M12 12h.01M19 12h.01',
  background:
    'M5 5a2 2 0 0 1 2-2h10a2 2 0 0 1 2 2v2a2 2 0 0 1-2 2H7a2 2 0 0 1-2-2zM19 6h1a2 2 0 0 1 2 2 5 5 0 0 1-5 5h-5v2M10 16a1 1 0 0 1 1-1h2a1 1 0 0 1 1 1v4a1 1 0 0 1-1 1h-2a1 1 0 0 1-1-1z',
  edit: 'M4 20h4L18.5 9.5a2.8 2.8 0 0 0-4-4L4 16v4M13.5 6.5l4 4',
  menu: 'M4 6h16M4 12h16M4 18h16',
  content: 'M4 6h16M4 10h16M4 14h10M4 18h7',
  form: 'M5 4h14a1 1 0 0 1 1 1v14a1 1 0 0 1-1 1H5a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1M8 9h8M8 13h8M8 17h4',
  megaphone:
    'M18 8a3 3 0 0 1 0 6M10 8v11a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1v-5M12 8l4.5-3.7A1 1 0 0 1 18 5v12a1 1 0 0 1-1.5.8L12 14H4a1 1 0 0 1-1-1V9a1 1 0 0 1 1-1h8',
  phone: 'M5 4h4l2 5-2.5 1.5a11 11 0 0 0 5 5L15 13l5 2v4a2 2 0 0 1-2 2A16 16 0 0 1 3 6a2 2 0 0 1 2-2',
  coin: 'M12 12m-9 0a9 9 0 1 0 18 0a9 9 0 1 0-18 0M14.8 9A2 1.8 0 0 0 13 8h-2a2 2 0 0 0 0 4h2a2 2 0 0 1 0 4h-2a2 2 0 0 1-1.8-1M12 7v10',
  bus: 'M6 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0M14 17a2 2 0 1 0 4 0a2 2 0 1 0-4 0M4 17H2V6a1 1 0 0 1 1-1h14a5 7 0 0 1 5 7v5h-2M16 17h-6M16 5l1.5 7H22M2 10h15M7 7v3M12 7v3',
  signature:
    'M3 17c3.3-3.3 5-6 5-8a3 3 0 0 0-3-3C4 6 3 6.5 3 9c0 2.5 4 5 5 6.5 1 1.5 2 2.5 3.5 2.5 1 0 2.5-2 3-3 .5-1 1-1.5 2-1.5s1 1.5 1.5 2.5 1 1 2 1h1',
} as const;

export type EditorIconName = keyof typeof PATHS;

export function EditorIcon({
  name,
  size = 18,
  ...props
}: { name: EditorIconName; size?: number } & SVGProps<SVGSVGElement>) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={name === 'dots' ? 3 : 1.9}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
      {...props}
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
