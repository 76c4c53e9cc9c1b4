import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

// Issue 18: the accessibility check every screen passes (docs/DECISIONS.md "Issue 18").
// The rules: every axe rule of WCAG 2.0/2.1 A and AA and WCAG 2.2 AA, plus the rules Lighthouse's
// accessibility category scores (best practices such as heading-order and landmark-one-main among
// them), each enabled by id: an enabled rule runs whatever its tags, so axe's experimental ones
// Lighthouse counts (label-content-name-mismatch) run too.
const WCAG_TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];
const LIGHTHOUSE_RULES = [
  "accesskeys",
  "aria-allowed-attr",
  "aria-allowed-role",
  "aria-command-name",
  "aria-conditional-attr",
  "aria-deprecated-role",
  "aria-dialog-name",
  "aria-hidden-body",
  "aria-hidden-focus",
  "aria-input-field-name",
  "aria-meter-name",
  "aria-progressbar-name",
  "aria-prohibited-attr",
  "aria-required-attr",
  "aria-required-children",
  "aria-required-parent",
  "aria-roles",
  "aria-text",
  "aria-toggle-field-name",
  "aria-tooltip-name",
  "aria-treeitem-name",
  "aria-valid-attr-value",
  "aria-valid-attr",
  "button-name",
  "bypass",
  "color-contrast",
  "definition-list",
  "dlitem",
  "document-title",
  "duplicate-id-aria",
  "empty-heading",
  "form-field-multiple-labels",
  "frame-title",
  "heading-order",
  "html-has-lang",
  "html-lang-valid",
  "html-xml-lang-mismatch",
  "identical-links-same-purpose",
  "image-alt",
  "image-redundant-alt",
  "input-button-name",
  "input-image-alt",
  "label-content-name-mismatch",
  "label",
  "landmark-one-main",
  "link-in-text-block",
  "link-name",
  "list",
  "listitem",
  "meta-refresh",
  "meta-viewport",
  "object-alt",
  "select-name",
  "skip-link",
  "tabindex",
  "table-duplicate-name",
  "table-fake-caption",
  "target-size",
  "td-has-header",
  "td-headers-attr",
  "th-has-data-cells",
  "valid-lang",
  "video-caption",
];
const ENABLED = Object.fromEntries(LIGHTHOUSE_RULES.map((id) => [id, { enabled: true }]));

export type AxeFinding = { rule: string; impact: string; help: string; url: string; targets: string[] };

/** Runs the check on what the page shows now (an open dialog included) and returns the violations. */
export async function axeViolations(page: Page, opts: { include?: string } = {}): Promise<AxeFinding[]> {
  // antd's dialogs and menus animate in: check the settled page, not a half-transparent frame.
  // The motion library adds its classes (`ant-zoom-appear`, `-appear-active`…) a frame or two
  // after the dialog is in the DOM, so an animation may not have started when the check is
  // asked for: wait until no element carries a motion class and every finite animation has
  // finished. (Endless ones, such as a spinner, never finish: those are left running.)
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(() => resolve(undefined)));
    const moving = '[class*="-appear"], [class*="-enter"], [class*="-leave"]';
    const deadline = Date.now() + 3_000;
    await frame();
    await frame();
    while (Date.now() < deadline) {
      const running = document.getAnimations().filter((a) => a.effect?.getComputedTiming().iterations !== Infinity && a.playState !== "finished");
      if (!running.length && !document.querySelector(moving)) return;
      await Promise.race([Promise.all(running.map((a) => a.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 100))]);
      await frame();
    }
  });
  let builder = new AxeBuilder({ page }).options({ rules: ENABLED }).withTags(WCAG_TAGS);
  if (opts.include) builder = builder.include(opts.include);
  const { violations } = await builder.analyze();
  return violations.map((v) => ({
    rule: v.id,
    impact: v.impact ?? "",
    help: v.help,
    url: v.helpUrl.replace(/\?.*$/, ""),
    targets: v.nodes.map((n) => `${n.target.join(" ")}${n.failureSummary ? ` — ${n.failureSummary.replace(/\s+/g, " ").slice(0, 200)}` : ""}`),
  }));
}

/** One readable block per screen: rule id, impact, help and the elements at fault. */
export function formatViolations(where: string, found: AxeFinding[]): string {
  if (!found.length) return "";
  const lines = found.flatMap((v) => [
    `  [${v.rule}] (${v.impact}) ${v.help} ${v.url}`,
    ...v.targets.slice(0, 8).map((t) => `      ${t}`),
    ...(v.targets.length > 8 ? [`      … and ${v.targets.length - 8} more`] : []),
  ]);
  return `${where}:\n${lines.join("\n")}`;
}

/** Fails the test when the page as shown now has any accessibility violation. */
export async function expectNoAxeViolations(page: Page, where = page.url(), opts: { include?: string } = {}): Promise<void> {
  const found = await axeViolations(page, opts);
  expect(found.length, `accessibility violations\n${formatViolations(where, found)}\n\nviolations`).toBe(0);
}
