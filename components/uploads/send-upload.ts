// Sends one file to POST /api/v1/uploads with progress (fetch cannot report upload progress).
import { UPLOADS_PATH, type AttachmentKindName, type AttachmentValue } from "@/lib/uploads/formats";

export type UploadedJson = AttachmentValue & { size: number; mime: string; width: number | null; height: number | null };

export class UploadFailed extends Error {}
/** The upload was called off (the file removed from the list, or its form closed): no failure
 * to report to the person who did it. */
export class UploadAborted extends UploadFailed {}

export function sendUpload(opts: { file: File; kind: AttachmentKindName; count: number; fallbackMessage: string; onProgress: (percent: number) => void }): {
  done: Promise<UploadedJson>;
  abort: () => void;
} {
  const xhr = new XMLHttpRequest();
  const done = new Promise<UploadedJson>((resolve, reject) => {
    // kind and count also go in the query, so the server applies the size cap before reading.
    xhr.open("POST", `${UPLOADS_PATH}?kind=${opts.kind}&count=${opts.count}`);
    xhr.responseType = "json";
    xhr.upload.onprogress = (e) => e.lengthComputable && opts.onProgress(Math.round((e.loaded / e.total) * 100));
    xhr.onload = () => {
      const body = xhr.response as (UploadedJson & { message?: string }) | null;
      if (xhr.status === 201 && body?.id) resolve(body);
      else reject(new UploadFailed(body?.message ?? opts.fallbackMessage));
    };
    xhr.onerror = () => reject(new UploadFailed(opts.fallbackMessage));
    xhr.onabort = () => reject(new UploadAborted(opts.fallbackMessage));
    const form = new FormData();
    form.append("kind", opts.kind);
    form.append("count", String(opts.count));
    form.append("file", opts.file);
    xhr.send(form);
  });
  return { done, abort: () => xhr.abort() };
}
