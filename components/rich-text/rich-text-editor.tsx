"use client";

import { loose } from "@/lib/i18n/loose";
import BoldOutlined from "@ant-design/icons/BoldOutlined";
import ItalicOutlined from "@ant-design/icons/ItalicOutlined";
import LinkOutlined from "@ant-design/icons/LinkOutlined";
import OrderedListOutlined from "@ant-design/icons/OrderedListOutlined";
import PictureOutlined from "@ant-design/icons/PictureOutlined";
import RedoOutlined from "@ant-design/icons/RedoOutlined";
import UnderlineOutlined from "@ant-design/icons/UnderlineOutlined";
import UndoOutlined from "@ant-design/icons/UndoOutlined";
import UnorderedListOutlined from "@ant-design/icons/UnorderedListOutlined";
import Image from "@tiptap/extension-image";
import { EditorContent, useEditor, useEditorState, type Editor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";
import { Button, Form, Input, Popover, Tooltip } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { toast } from "@/components/ui/feedback";
import { sendUpload, UploadAborted, UploadFailed } from "@/components/uploads/send-upload";
import { DEFAULT_RULES, type UploadRule } from "@/lib/uploads/formats";
import { precheck } from "@/lib/uploads/limits";
import { EDITOR_IMAGE_MIME, linkHref, mediaSrc, mediaIdsInHtml } from "./rich-text-links";
import styles from "./rich-text-editor.module.css";

// The rich-text editor (news details, download-centre content) on TipTap 3, usable as an antd
// Form control (value / onChange). It writes only what the server's sanitizer keeps (the
// allow-list in lib/rich-text/sanitize.ts): paragraphs, bold, italic, underline, strike, h2/h3,
// lists, blockquote, links to http(s)/mailto, and images from this app's media route. Images are
// uploaded through the app's upload endpoint (kind IMAGE) when picked, pasted or dropped, and
// inserted as <img src="/customerWeb/media/<id>">; the form's save links them to its record.
// The server sanitizes again before saving: nothing here is trusted.
//
// Heavy (TipTap + ProseMirror): forms load it with next/dynamic, ssr: false
// (LazyRichTextEditor), never on public pages.

export type RichTextEditorProps = {
  value?: string;
  onChange?: (html: string) => void;
  placeholder?: string;
  id?: string;
  "data-testid"?: string;
  status?: "error";
  /** The IMAGE upload rule as the server has it (size, formats, how many images a text may
   * hold); the server checks again on upload and on save. */
  rule?: UploadRule;
  /** Fewer images than the rule allows for this text (never more). */
  maxImages?: number;
};

/** The editor's HTML when it holds nothing: "" (an empty form value), not "<p></p>". */
const htmlOf = (editor: Editor) => (editor.isEmpty ? "" : editor.getHTML());

export function RichTextEditor(props: RichTextEditorProps) {
  const { value, onChange, placeholder, id, maxImages } = props;
  const baseRule = props.rule ?? DEFAULT_RULES.IMAGE;
  const rule = maxImages ? { ...baseRule, maxCount: Math.min(baseRule.maxCount, maxImages) } : baseRule;
  // Inside an antd Form.Item the item's validation status applies, as on antd's own inputs.
  const item = Form.Item.useStatus();
  const status = props.status ?? (item.status === "error" ? "error" : undefined);
  const t = useTranslations("RichText");
  const tu = useTranslations("Uploads");
  // The last HTML this editor reported: a value equal to it is our own echo, not new content.
  const emitted = useRef<string | undefined>(value ?? "");
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);
  const uploads = useRef(new Set<() => void>());
  const [uploading, setUploading] = useState(0);
  // The editor's paste and drop handlers are fixed at creation; they call the current upload code.
  const takeFilesRef = useRef<(files: FileList | null | undefined) => boolean>(() => false);

  const editor = useEditor({
    immediatelyRender: false,
    extensions: [
      StarterKit.configure({
        heading: { levels: [2, 3] },
        codeBlock: false,
        code: false,
        horizontalRule: false,
        link: { openOnClick: false, autolink: true, defaultProtocol: "https", protocols: ["mailto"], isAllowedUri: (url) => linkHref(url) !== null },
      }),
      Image.configure({ inline: false, allowBase64: false }),
    ],
    content: value ?? "",
    editorProps: {
      attributes: {
        class: styles.content,
        role: "textbox",
        "aria-multiline": "true",
        ...(id ? { id } : {}),
        ...(placeholder ? { "aria-placeholder": placeholder } : {}),
      },
      // Pasted or dropped image files are uploaded like picked ones (never kept as data: URLs).
      // (Office and browsers put a picture of copied text beside its HTML: the HTML wins then.)
      handlePaste: (_view, event) => !event.clipboardData?.getData("text/html") && takeFilesRef.current(event.clipboardData?.files),
      handleDrop: (_view, event) => takeFilesRef.current((event as DragEvent).dataTransfer?.files),
    },
    onUpdate: ({ editor: ed }) => {
      const html = htmlOf(ed);
      emitted.current = html;
      onChangeRef.current?.(html);
    },
  });

  // A value set from outside (form reset, record loaded) replaces the content.
  useEffect(() => {
    if (!editor || editor.isDestroyed) return;
    const next = value ?? "";
    if (next === emitted.current) return;
    emitted.current = next;
    editor.commands.setContent(next, { emitUpdate: false });
  }, [editor, value]);

  useEffect(() => {
    if (!editor) return;
    editor.view.dom.setAttribute("aria-invalid", status === "error" ? "true" : "false");
  }, [editor, status]);

  // Uploads still running when the form closes are called off.
  useEffect(() => {
    const running = uploads.current;
    return () => running.forEach((abort) => abort());
  }, []);

  const state = useEditorState({
    editor,
    // The snapshot holds no editor until its first transaction (TipTap 3): use ours meanwhile.
    selector: ({ editor: snap }) => {
      const ed = snap ?? editor;
      return ed
        ? {
            bold: ed.isActive("bold"),
            italic: ed.isActive("italic"),
            underline: ed.isActive("underline"),
            h2: ed.isActive("heading", { level: 2 }),
            h3: ed.isActive("heading", { level: 3 }),
            bullet: ed.isActive("bulletList"),
            ordered: ed.isActive("orderedList"),
            quote: ed.isActive("blockquote"),
            link: ed.isActive("link"),
            href: (ed.getAttributes("link").href as string | undefined) ?? "",
            canUndo: ed.can().undo(),
            canRedo: ed.can().redo(),
            empty: ed.isEmpty,
            editable: ed.isEditable,
          }
        : null;
    },
  });

  const fileInput = useRef<HTMLInputElement>(null);

  function uploadImages(files: File[]) {
    if (!editor) return;
    for (const file of files) {
      // A pasted screenshot is called "image.png"; the server sniffs the bytes anyway.
      const held = mediaIdsInHtml(editor.getHTML()).length + uploads.current.size;
      const problem = precheck(rule, file, held);
      if (problem) {
        toast("error", loose(tu)(problem.key, problem.values));
        if (problem.code === "MAX_COUNT") return;
        continue;
      }
      const job = sendUpload({ file, kind: "IMAGE", count: held + 1, fallbackMessage: t("imageFailed"), onProgress: () => {} });
      uploads.current.add(job.abort);
      setUploading((n) => n + 1);
      job.done
        .then((up) => {
          if (editor.isDestroyed) return;
          const alt = file.name.replace(/\.[^.]+$/, "").slice(0, 200);
          editor
            .chain()
            .focus()
            .setImage({ src: mediaSrc(up.id), alt })
            .run();
        })
        .catch((e: unknown) => {
          if (e instanceof UploadAborted) return;
          toast("error", e instanceof UploadFailed ? e.message : t("imageFailed"));
        })
        .finally(() => {
          uploads.current.delete(job.abort);
          setUploading((n) => n - 1);
        });
    }
  }

  useEffect(() => {
    takeFilesRef.current = (list) => {
      const images = [...(list ?? [])].filter((f) => f.type.startsWith("image/"));
      if (!images.length) return false;
      uploadImages(images);
      return true;
    };
  });

  const run = (fn: (ed: Editor) => void) => () => {
    if (editor) fn(editor);
  };

  const classes = [styles.editor, status === "error" ? styles.error : ""].filter(Boolean).join(" ");
  return (
    <div className={classes} data-testid={props["data-testid"]} aria-busy={uploading > 0 || !editor}>
      <div className={styles.toolbar} role="toolbar" aria-label={t("toolbar")}>
        <Tool label={t("bold")} icon={<BoldOutlined />} active={state?.bold} onClick={run((ed) => ed.chain().focus().toggleBold().run())} testId="rte-bold" />
        <Tool label={t("italic")} icon={<ItalicOutlined />} active={state?.italic} onClick={run((ed) => ed.chain().focus().toggleItalic().run())} testId="rte-italic" />
        <Tool
          label={t("underline")}
          icon={<UnderlineOutlined />}
          active={state?.underline}
          onClick={run((ed) => ed.chain().focus().toggleUnderline().run())}
          testId="rte-underline"
        />
        <span className={styles.divider} aria-hidden />
        <Tool
          label={t("heading2")}
          icon={<span className={styles.glyph}>H2</span>}
          active={state?.h2}
          onClick={run((ed) => ed.chain().focus().toggleHeading({ level: 2 }).run())}
          testId="rte-h2"
        />
        <Tool
          label={t("heading3")}
          icon={<span className={styles.glyph}>H3</span>}
          active={state?.h3}
          onClick={run((ed) => ed.chain().focus().toggleHeading({ level: 3 }).run())}
          testId="rte-h3"
        />
        <span className={styles.divider} aria-hidden />
        <Tool
          label={t("bulletList")}
          icon={<UnorderedListOutlined />}
          active={state?.bullet}
          onClick={run((ed) => ed.chain().focus().toggleBulletList().run())}
          testId="rte-bullet"
        />
        <Tool
          label={t("orderedList")}
          icon={<OrderedListOutlined />}
          active={state?.ordered}
          onClick={run((ed) => ed.chain().focus().toggleOrderedList().run())}
          testId="rte-ordered"
        />
        <Tool
          label={t("blockquote")}
          icon={<span className={styles.glyph}>“ ”</span>}
          active={state?.quote}
          onClick={run((ed) => ed.chain().focus().toggleBlockquote().run())}
          testId="rte-quote"
        />
        <span className={styles.divider} aria-hidden />
        <LinkTool editor={editor} active={!!state?.link} href={state?.href ?? ""} />
        <Tool
          label={uploading ? t("imageUploading") : t("image")}
          icon={<PictureOutlined />}
          loading={uploading > 0}
          onClick={() => fileInput.current?.click()}
          testId="rte-image"
        />
        <input
          ref={fileInput}
          type="file"
          accept={EDITOR_IMAGE_MIME.join(",")}
          multiple
          style={{ display: "none" }}
          data-testid="rte-image-input"
          onChange={(e) => {
            const files = [...(e.target.files ?? [])];
            e.target.value = "";
            uploadImages(files);
          }}
        />
        <span className={styles.divider} aria-hidden />
        <Tool label={t("undo")} icon={<UndoOutlined />} disabled={!state?.canUndo} onClick={run((ed) => ed.chain().focus().undo().run())} testId="rte-undo" />
        <Tool label={t("redo")} icon={<RedoOutlined />} disabled={!state?.canRedo} onClick={run((ed) => ed.chain().focus().redo().run())} testId="rte-redo" />
      </div>
      <div className={styles.body}>
        {state?.empty && placeholder ? (
          <div className={styles.placeholder} aria-hidden>
            {placeholder}
          </div>
        ) : null}
        <EditorContent editor={editor} />
      </div>
    </div>
  );
}

function Tool(props: { label: string; icon: ReactNode; active?: boolean; disabled?: boolean; loading?: boolean; onClick: () => void; testId: string }) {
  return (
    <Tooltip title={props.label} mouseEnterDelay={0.4}>
      <Button
        type={props.active ? "primary" : "text"}
        ghost={props.active}
        size="small"
        icon={props.icon}
        aria-label={props.label}
        aria-pressed={props.active === undefined ? undefined : props.active}
        disabled={props.disabled}
        loading={props.loading}
        // Keep the selection in the editor when the button is pressed.
        onMouseDown={(e) => e.preventDefault()}
        onClick={props.onClick}
        data-testid={props.testId}
      />
    </Tooltip>
  );
}

/** The link button: a small popover asks for the address (http, https or mailto). */
function LinkTool({ editor, active, href }: { editor: Editor | null; active: boolean; href: string }) {
  const t = useTranslations("RichText");
  const [open, setOpen] = useState(false);
  const [text, setText] = useState("");
  const [error, setError] = useState(false);

  const apply = () => {
    if (!editor) return;
    const url = linkHref(text);
    if (!url) return void setError(true);
    const chain = editor.chain().focus().extendMarkRange("link");
    // With nothing selected, the address itself becomes the link's text.
    // (What is typed next is plain text again.)
    if (editor.state.selection.empty && !active)
      chain
        .insertContent({ type: "text", text: url, marks: [{ type: "link", attrs: { href: url } }] })
        .unsetMark("link")
        .run();
    else chain.setLink({ href: url }).run();
    setOpen(false);
  };
  const remove = () => {
    editor?.chain().focus().extendMarkRange("link").unsetLink().run();
    setOpen(false);
  };

  return (
    <Popover
      open={open}
      onOpenChange={(next) => {
        setOpen(next);
        if (next) {
          setText(href);
          setError(false);
        }
      }}
      trigger="click"
      destroyOnHidden
      content={
        <div className={styles.linkBox} data-testid="rte-link-box">
          <Input
            autoFocus
            value={text}
            status={error ? "error" : undefined}
            placeholder="https://"
            aria-label={t("linkAddress")}
            onChange={(e) => {
              setText(e.target.value);
              setError(false);
            }}
            onPressEnter={apply}
            data-testid="rte-link-input"
          />
          {error ? (
            <div className={styles.linkError} role="alert">
              {t("linkInvalid")}
            </div>
          ) : null}
          <div className={styles.linkActions}>
            {active ? (
              <Button size="small" onClick={remove} data-testid="rte-link-remove">
                {t("linkRemove")}
              </Button>
            ) : null}
            <Button size="small" type="primary" onClick={apply} data-testid="rte-link-apply">
              {t("linkApply")}
            </Button>
          </div>
        </div>
      }
    >
      <span>
        <Tool label={t("link")} icon={<LinkOutlined />} active={active} onClick={() => {}} testId="rte-link" />
      </span>
    </Popover>
  );
}
