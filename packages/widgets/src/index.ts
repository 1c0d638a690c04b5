/**
 * React components that render blocks and widgets, shared by the page editor and the server-rendered public pages
 * so the two cannot drift apart. The widget registry arrives with the page editor; until then this package only
 * fixes its place in the workspace graph.
 */
export const WIDGETS_PACKAGE_VERSION = '0.1.0';
