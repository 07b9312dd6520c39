import axe from 'axe-core';

/** WCAG 2.1 A and AA, as the phone/a11y walker checks them (web/e2e/route-walker.ts). */
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/**
 * axe-core's WCAG 2.1 A/AA violations of what is rendered, in jsdom: the structural rules (names, roles, lists,
 * headings, labels). Colour contrast needs a real layout: the end-to-end walker checks it in Chromium.
 */
export async function axeViolations(root: Element = document.body): Promise<string[]> {
  const results = await axe.run(root, {
    runOnly: { type: 'tag', values: TAGS },
    rules: { 'color-contrast': { enabled: false } },
    resultTypes: ['violations'],
  });
  return results.violations.map(
    (v) =>
      `${v.id}: ${v.help} — ${v.nodes
        .map((n) => n.target.join(' '))
        .slice(0, 3)
        .join(', ')}`,
  );
}
