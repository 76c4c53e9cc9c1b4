import { getTranslations } from "next-intl/server";
import styles from "@/components/ui/record-screen.module.css";
import { BASE_PATH } from "@/lib/client/base-path";
import type { Label, LabelSheet } from "@/lib/qrcode/labels";
import type { QrPurpose } from "@/lib/qrcode/purposes";
import type { QrTemplateOption } from "@/lib/qrcode/templates";
import { loose } from "@/lib/i18n/loose";
import own from "./labels.module.css";
import { PrintNowButton } from "./print-now-button";

// The label print page (labels/print), server HTML: A4 sheets of one label per selected record,
// each its code (inline SVG drawn on the server) and the template's fields right of it or
// below. The toolbar (not printed) picks the template with a GET form, prints, and downloads
// the codes as SVG or PNG (app/api/qrcode/labels). The one client island is the Print button.

/** The printable area of an A4 sheet inside the 10 mm margins (@page below). */
const AREA = { widthMm: 190, heightMm: 277 };

export type LabelPrintProps = {
  purpose: QrPurpose;
  ids: number[];
  templates: QrTemplateOption[];
  sheet: LabelSheet | null;
  /** A refusal to show instead of the sheets (too many records). */
  error?: string;
};

export async function LabelPrint({ purpose, ids, templates, sheet, error }: LabelPrintProps) {
  const t = await getTranslations("QrLabels");
  const labels = sheet?.labels ?? [];
  const query = (extra: Record<string, string>) =>
    new URLSearchParams({ purpose, ...(ids.length ? { ids: ids.join(",") } : {}), ...(sheet?.template.id ? { template: String(sheet.template.id) } : {}), ...extra }).toString();
  const layout = sheet?.template.layout;
  const cols = layout ? Math.max(1, Math.floor(AREA.widthMm / layout.widthMm)) : 1;
  const rows = layout ? Math.max(1, Math.floor(AREA.heightMm / layout.heightMm)) : 1;
  const perSheet = cols * rows;
  const sheets: Label[][] = [];
  for (let i = 0; i < labels.length; i += perSheet) sheets.push(labels.slice(i, i + perSheet));
  const message = error ?? (!sheet ? t("templateMissing") : !labels.length ? t("none") : null);

  return (
    <main className={own.page} data-testid="label-print" data-purpose={purpose}>
      <style>{"@page { size: A4; margin: 10mm; }"}</style>
      <div className={own.toolbar}>
        <div>
          <h1 className={own.heading}>{t(`purpose.${purpose}`)}</h1>
          <p className={own.intro} data-testid="labels-count">
            {t("intro", { count: labels.length })}
          </p>
        </div>
        <div className={own.actions}>
          {templates.length > 0 && (
            <form className={own.templateForm} action={`${BASE_PATH}/labels/print`} method="get" data-testid="labels-template-form">
              <input type="hidden" name="purpose" value={purpose} />
              {ids.length > 0 && <input type="hidden" name="ids" value={ids.join(",")} />}
              <label>
                {t("template")}
                <select name="template" defaultValue={sheet?.template.id ? String(sheet.template.id) : ""} data-testid="labels-template">
                  {templates.map((o) => (
                    <option key={o.id} value={o.id}>
                      {o.name}
                    </option>
                  ))}
                </select>
              </label>
              <button type="submit" className={styles.button}>
                {t("apply")}
              </button>
            </form>
          )}
          {labels.length > 0 && (
            <>
              <PrintNowButton label={t("print")} />
              <a className={styles.button} href={`${BASE_PATH}/api/qrcode/labels?${query({ format: "svg" })}`} download data-testid="labels-download-svg">
                {t("downloadSvg")}
              </a>
              <a className={styles.button} href={`${BASE_PATH}/api/qrcode/labels?${query({ format: "png" })}`} download data-testid="labels-download-png">
                {t("downloadPng")}
              </a>
            </>
          )}
        </div>
      </div>

      {message || !layout ? (
        <p className={own.message} role="alert" data-testid="labels-message">
          {message}
        </p>
      ) : (
        sheets.map((page, i) => (
          <section key={i} className={own.sheet} data-testid="label-sheet">
            <div className={own.grid} style={{ gridTemplateColumns: `repeat(${cols}, ${layout.widthMm}mm)`, gridAutoRows: `${layout.heightMm}mm` }}>
              {page.map((l) => (
                <LabelView key={l.id} label={l} sheet={sheet!} codeOf={t("codeOf", { key: l.key })} fieldLabel={(f) => loose(t)(`field.${f}`)} />
              ))}
            </div>
          </section>
        ))
      )}
    </main>
  );
}

function LabelView({ label, sheet, codeOf, fieldLabel }: { label: Label; sheet: LabelSheet; codeOf: string; fieldLabel: (f: string) => string }) {
  const { layout } = sheet.template;
  const right = layout.position === "right";
  const fields = layout.fields.filter((f) => label.fields[f]);
  // The code fills the label's height beside the fields, or its width above them (a line of
  // 8 pt text is about 3.5 mm); 2 mm padding on every side.
  const qrMm = Math.max(10, right ? Math.min(layout.heightMm - 4, (layout.widthMm - 6) * 0.55) : Math.min(layout.widthMm - 4, layout.heightMm - 6 - 3.5 * fields.length));
  return (
    <article className={`${own.label} ${right ? "" : own.below}`} data-testid="qr-label" data-key={label.key}>
      {/* qrcode's own SVG (paths only, and the template's uploaded logo as a data: image), drawn on the server */}
      <span
        className={own.code}
        style={{ width: `${qrMm}mm`, height: `${qrMm}mm` }}
        role="img"
        aria-label={codeOf}
        data-testid="qr-label-code"
        dangerouslySetInnerHTML={{ __html: label.svg }}
      />
      {fields.length > 0 && (
        <dl className={own.fields}>
          {fields.map((f) => (
            <div key={f} data-field={f}>
              <dt>{fieldLabel(f)}</dt>
              <dd>{label.fields[f]}</dd>
            </div>
          ))}
        </dl>
      )}
    </article>
  );
}
