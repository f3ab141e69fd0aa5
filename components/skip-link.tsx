/**
 * «Перейти к содержимому»: the first tab stop of every page, hidden until focused; it leads past
 * the account bar and the admin's sections to the page's `<main id="main">` (MAIN_ID). A page
 * without that id fails axe's skip-link rule in the e2e tests.
 */
export const MAIN_ID = "main";

export function SkipLink() {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="sr-only rounded-md bg-background px-4 py-3 text-sm font-medium shadow-md outline-none focus-visible:not-sr-only focus-visible:fixed focus-visible:left-4 focus-visible:top-4 focus-visible:z-50 focus-visible:ring-[3px] focus-visible:ring-ring/50"
    >
      Перейти к содержимому
    </a>
  );
}
