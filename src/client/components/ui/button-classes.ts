/*
 * Button looks the first screen uses without the Button component: Button merges classes with
 * tailwind-merge (about 9 KB gzip), which does not fit the landing page's JavaScript budget
 * (docs/PERFORMANCE.md). Each constant is a finished class list, with no conflicting utilities.
 */

/** What every button shares (Button's cva base). */
export const BUTTON_BASE_CLASS =
  "inline-flex shrink-0 cursor-pointer items-center justify-center gap-2 rounded-lg font-semibold whitespace-nowrap transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-accent-400 focus-visible:ring-offset-2 focus-visible:ring-offset-white disabled:pointer-events-none disabled:opacity-60 [&_svg]:size-4 [&_svg]:shrink-0";

/** The signed-out header's "Sign In": a small ghost button on the dark header. */
export const HEADER_GHOST_LINK_CLASS = `${BUTTON_BASE_CLASS} h-9 px-2.5 text-sm text-white hover:bg-field-800 hover:text-white sm:px-3`;

/** The signed-out header's "Get Started": a small accent button. */
export const HEADER_ACCENT_LINK_CLASS = `${BUTTON_BASE_CLASS} h-9 bg-accent-400 px-2.5 text-sm text-field-950 shadow-sm hover:bg-accent-300 sm:px-3`;

/** The landing page's large accent button (Button variant="accent" size="lg"). */
export const LARGE_ACCENT_BUTTON_CLASS = `${BUTTON_BASE_CLASS} h-13 bg-accent-400 px-7 text-base text-field-950 shadow-sm hover:bg-accent-300`;

/** The landing page's large outlined button on the dark hero and call to action. */
export const LARGE_OUTLINE_ON_DARK_BUTTON_CLASS = `${BUTTON_BASE_CLASS} h-13 border-2 border-white bg-transparent px-7 text-base text-white hover:bg-white hover:text-field-900`;

/** Button variant="primary" size="md". */
export const PRIMARY_BUTTON_CLASS = `${BUTTON_BASE_CLASS} h-11 bg-field-700 px-5 text-sm text-white shadow-sm hover:bg-field-800`;

/** Button variant="outline" size="md". */
export const OUTLINE_BUTTON_CLASS = `${BUTTON_BASE_CLASS} h-11 border-2 border-field-700 bg-white px-5 text-sm text-field-800 hover:bg-field-50`;

/** Button variant="ghost" size="md". */
export const GHOST_BUTTON_CLASS = `${BUTTON_BASE_CLASS} h-11 px-5 text-sm text-field-800 hover:bg-field-100`;
