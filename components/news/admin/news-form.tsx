"use client";

import { Alert, Button, DatePicker, Drawer, Form, Input, Skeleton, Space, Tabs } from "antd";
import "@/components/providers/antd-css";
import type { Dayjs } from "dayjs";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { BASE_PATH } from "@/lib/client/base-path";
import { actionFailed, confirmDialog, toast } from "@/components/ui/feedback";
import { createNewsAction, newsForEditAction, updateNewsAction } from "@/lib/news/admin-actions";
import type { NewsForEdit } from "@/lib/news/admin-queries";
import { MAX_DETAIL_HTML, MAX_SUMMARY, MAX_TITLE, type NewsPhase } from "@/lib/news/schemas";
import { newsPath } from "@/lib/news/slug";
import type { AttachmentValue, UploadRule } from "@/lib/uploads/formats";
import { LazyRichTextEditor } from "@/components/rich-text/lazy-rich-text-editor";
import { LazyUploadField } from "@/components/uploads/lazy-upload-field";
import { beforeToday, beijingNow, fromMinute, MINUTE, toMinute } from "./publish-time";

// The article form (loaded on demand): title, summary and detail in both languages (a tab
// each), the cover picture and the publish time. "Save" keeps the phase (a new article is a
// draft); "Publish" publishes at once, or schedules when the publish time is later. The server
// validates again, sanitizes the detail and saves the pictures; its messages land on the fields,
// and the tab holding a field to correct is shown.

type Values = {
  titleEn: string;
  titleZh: string;
  summaryEn: string;
  summaryZh: string;
  detailEn: string;
  detailZh: string;
  cover?: AttachmentValue[];
  publishAt?: Dayjs | null;
};
type Lang = "en" | "zh";
const LANG_FIELDS: Record<Lang, readonly (keyof Values)[]> = { en: ["titleEn", "summaryEn", "detailEn"], zh: ["titleZh", "summaryZh", "detailZh"] };
const FIELDS = ["titleEn", "titleZh", "summaryEn", "summaryZh", "detailEn", "detailZh", "cover", "publishAt"] as const;

/** Whether rich text shows anything: some text or a picture. */
function hasContent(html: string | undefined): boolean {
  if (!html) return false;
  if (/<img\s/i.test(html)) return true;
  const doc = new DOMParser().parseFromString(html, "text/html");
  return (doc.body.textContent ?? "").trim() !== "";
}

export function NewsForm({ target, imageRule, onClose }: { target: { id: number; title: string } | null; imageRule: UploadRule; onClose: (saved: boolean) => void }) {
  const t = useTranslations("NewsAdmin");
  const tv = useTranslations("Validation");
  const [article, setArticle] = useState<NewsForEdit | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    if (!target) return;
    let live = true;
    newsForEditAction({ id: target.id })
      .then((res) => {
        if (!live) return;
        if (res.ok) setArticle(res.data);
        else setLoadError(res.message);
      })
      .catch(() => live && setLoadError(t("form.loadFailed")));
    return () => {
      live = false;
    };
  }, [target, t]);

  const ready = !target || article;
  const title = target ? t("form.editTitle", { title: target.title }) : t("form.createTitle");
  if (!ready) {
    return (
      <Drawer open title={title} size={960} onClose={() => onClose(false)} destroyOnHidden data-testid="news-form-drawer">
        {loadError ? <Alert type="error" showIcon title={loadError} /> : <Skeleton active paragraph={{ rows: 10 }} aria-label={t("form.loading")} />}
      </Drawer>
    );
  }
  return <NewsFormBody title={title} article={article} imageRule={imageRule} onClose={onClose} t={t} tv={tv} />;
}

type T = ReturnType<typeof useTranslations<"NewsAdmin">>;
type TV = ReturnType<typeof useTranslations<"Validation">>;

function NewsFormBody({
  title,
  article,
  imageRule,
  onClose,
  t,
  tv,
}: {
  title: string;
  article: NewsForEdit | null;
  imageRule: UploadRule;
  onClose: (saved: boolean) => void;
  t: T;
  tv: TV;
}) {
  const locale = useLocale();
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState<"save" | "publish" | null>(null);
  const [tab, setTab] = useState<Lang>("en");
  const [tabErrors, setTabErrors] = useState<Record<Lang, boolean>>({ en: false, zh: false });
  const dirty = useRef(false);
  const phase: NewsPhase = article?.phase ?? "draft";
  const live = phase === "published";
  const publishAt = Form.useWatch("publishAt", form);
  const later = !!publishAt && publishAt.isAfter(beijingNow());
  const label = (f: (typeof FIELDS)[number]) => t(`fields.${f}`);

  const initialValues: Partial<Values> = article
    ? {
        titleEn: article.titleEn,
        titleZh: article.titleZh,
        summaryEn: article.summaryEn,
        summaryZh: article.summaryZh,
        detailEn: article.detailEn,
        detailZh: article.detailZh,
        cover: article.cover,
        publishAt: fromMinute(article.publishAt),
      }
    : { titleEn: "", titleZh: "", summaryEn: "", summaryZh: "", detailEn: "", detailZh: "", cover: [], publishAt: null };

  /** Shows the tab holding the first field with an error. */
  const showErrorTabs = (fields: string[]) => {
    const first = fields.find((f) => LANG_FIELDS.en.includes(f as keyof Values) || LANG_FIELDS.zh.includes(f as keyof Values));
    if (first) setTab(LANG_FIELDS.en.includes(first as keyof Values) ? "en" : "zh");
  };

  const submit = async (publish: boolean) => {
    const v = await form.validateFields().catch((e: { errorFields?: { name: (string | number)[] }[] }) => {
      showErrorTabs((e.errorFields ?? []).map((f) => String(f.name[0])));
      return null;
    });
    if (!v) return;
    setBusy(publish ? "publish" : "save");
    const payload = {
      titleEn: v.titleEn,
      titleZh: v.titleZh,
      summaryEn: v.summaryEn,
      summaryZh: v.summaryZh,
      detailEn: v.detailEn ?? "",
      detailZh: v.detailZh ?? "",
      cover: (v.cover ?? []).map((c) => ({ id: c.id })),
      publishAt: live ? null : toMinute(v.publishAt),
      publish,
    };
    const res = await (article ? updateNewsAction({ ...payload, id: article.id, version: article.version }) : createNewsAction(payload)).catch(() => null);
    setBusy(null);
    if (!res) return void toast("error", t("actions.failed"));
    if (!res.ok) {
      // "cover.0.id" → the cover field.
      const fields = Object.entries(res.fieldErrors ?? {})
        .map(([k, msg]) => [k.split(".")[0], msg] as const)
        .filter(([k]) => (FIELDS as readonly string[]).includes(k));
      if (fields.length) {
        form.setFields(fields.map(([name, msg]) => ({ name: name as keyof Values, errors: [msg] })));
        showErrorTabs(fields.map(([k]) => k));
      } else actionFailed(res);
      return;
    }
    const shown = locale === "zh-CN" ? v.titleZh : v.titleEn;
    const key = !article
      ? res.data.phase === "published"
        ? "createPublished"
        : res.data.phase === "scheduled"
          ? "createScheduled"
          : "create"
      : publish
        ? res.data.phase === "scheduled"
          ? "schedule"
          : "publish"
        : "update";
    toast("success", <span data-testid="news-admin-done">{t(`actions.done.${key}`, { title: shown })}</span>);
    dirty.current = false;
    onClose(true);
  };

  const close = async () => {
    if (dirty.current) {
      const ok = await confirmDialog({ title: t("form.leaveTitle"), content: t("form.leaveText"), okText: t("form.discard"), cancelText: t("form.keepEditing"), danger: true });
      if (!ok) return;
    }
    onClose(false);
  };

  // A server message on a field goes away once the field changes.
  const onValuesChange = (changed: Partial<Values>) => {
    dirty.current = true;
    form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  };
  // The tabs' error marks follow the fields' errors (client rules and server messages alike).
  const onFieldsChange = (_: unknown, all: { name: (string | number)[]; errors?: string[] }[]) => {
    const bad = all.filter((f) => f.errors?.length).map((f) => String(f.name[0]));
    const next = { en: bad.some((f) => LANG_FIELDS.en.includes(f as keyof Values)), zh: bad.some((f) => LANG_FIELDS.zh.includes(f as keyof Values)) };
    setTabErrors((prev) => (prev.en === next.en && prev.zh === next.zh ? prev : next));
  };

  const detailRule = (field: "detailEn" | "detailZh") => ({
    validator: async (_: unknown, html: string | undefined) => {
      if (!hasContent(html)) throw new Error(tv("required", { label: label(field) }));
      if ((html ?? "").length > MAX_DETAIL_HTML) throw new Error(tv("maxLength", { label: label(field), max: MAX_DETAIL_HTML }));
    },
  });
  const required = (field: (typeof FIELDS)[number]) => ({ required: true, whitespace: true, message: tv("required", { label: label(field) }) });
  const max = (field: (typeof FIELDS)[number], n: number) => ({ max: n, message: tv("maxLength", { label: label(field), max: n }) });

  const langPane = (lang: Lang) => {
    const [titleF, summaryF, detailF] = (lang === "en" ? ["titleEn", "summaryEn", "detailEn"] : ["titleZh", "summaryZh", "detailZh"]) as [
      "titleEn" | "titleZh",
      "summaryEn" | "summaryZh",
      "detailEn" | "detailZh",
    ];
    return (
      <>
        <Form.Item name={titleF} label={label(titleF)} rules={[required(titleF), max(titleF, MAX_TITLE)]}>
          <Input maxLength={MAX_TITLE} showCount placeholder={t("form.titlePlaceholder")} autoComplete="off" data-testid={`news-title-${lang}`} />
        </Form.Item>
        <Form.Item name={summaryF} label={label(summaryF)} rules={[required(summaryF), max(summaryF, MAX_SUMMARY)]}>
          <Input.TextArea maxLength={MAX_SUMMARY} showCount autoSize={{ minRows: 2, maxRows: 4 }} placeholder={t("form.summaryPlaceholder")} data-testid={`news-summary-${lang}`} />
        </Form.Item>
        <Form.Item name={detailF} label={label(detailF)} required rules={[detailRule(detailF)]} validateTrigger={["onChange"]}>
          <LazyRichTextEditor placeholder={t("form.detailPlaceholder")} rule={imageRule} data-testid={`news-detail-${lang}`} />
        </Form.Item>
      </>
    );
  };

  const tabLabel = (lang: Lang) => (
    <span data-testid={`news-tab-${lang}`}>
      {lang === "en" ? t("form.english") : t("form.chinese")}
      {tabErrors[lang] ? (
        <span style={{ color: "var(--ant-color-error, #ff4d4f)", marginLeft: 4 }} role="img" aria-label={t("form.tabErrors")}>
          ●
        </span>
      ) : null}
    </span>
  );

  const footer = (
    <Space style={{ display: "flex", justifyContent: "flex-end" }}>
      <Button onClick={() => void close()} data-testid="news-cancel">
        {t("form.cancel")}
      </Button>
      <Button onClick={() => void submit(false)} loading={busy === "save"} disabled={busy !== null} data-testid="news-save">
        {phase === "draft" ? t("form.saveDraft") : t("form.save")}
      </Button>
      {!live && (
        <Button type="primary" onClick={() => void submit(true)} loading={busy === "publish"} disabled={busy !== null} data-testid="news-submit-publish">
          {later ? t("form.schedule") : t("form.publish")}
        </Button>
      )}
    </Space>
  );

  return (
    <Drawer open title={title} size={960} onClose={() => void close()} mask={{ closable: false }} destroyOnHidden footer={footer} data-testid="news-form-drawer">
      <Form
        form={form}
        name="news"
        layout="vertical"
        requiredMark
        initialValues={initialValues}
        onValuesChange={onValuesChange}
        onFieldsChange={onFieldsChange}
        data-testid="news-form"
      >
        {article ? <p style={{ margin: "0 0 12px", color: "rgba(0,0,0,0.55)" }}>{t("form.address", { path: `${BASE_PATH}/${newsPath(article.id, article.slug)}` })}</p> : null}
        <Tabs
          activeKey={tab}
          onChange={(k) => setTab(k as Lang)}
          items={(["en", "zh"] as const).map((lang) => ({ key: lang, label: tabLabel(lang), forceRender: true, children: langPane(lang) }))}
        />
        <Form.Item name="cover" label={label("cover")} extra={t("form.coverHint")}>
          <LazyUploadField kind="IMAGE" rule={imageRule} max={1} />
        </Form.Item>
        <Form.Item
          name="publishAt"
          label={label("publishAt")}
          extra={live ? t("form.publishAtLive") : phase === "scheduled" ? t("form.publishAtScheduled") : t("form.publishAtHint")}
        >
          <DatePicker showTime={{ format: "HH:mm" }} format={MINUTE} style={{ width: 280 }} disabled={live} disabledDate={beforeToday} data-testid="news-publish-at" />
        </Form.Item>
      </Form>
    </Drawer>
  );
}
