import { widgetsCss } from '@mutirao/widgets';

/** The page components' stylesheet, once per screen that draws template thumbnails. */
export function TemplateStyles() {
  return <style>{widgetsCss}</style>;
}
