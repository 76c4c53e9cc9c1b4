import { describe, expect, it } from "vitest";
import { DEFAULT_RULES, extensionOf, MB } from "./formats";
import { checkCount, checkFormat, checkSize, precheck, sanitizeName } from "./limits";

const { IMAGE, VIDEO } = DEFAULT_RULES;

describe("upload limits", () => {
  it("counts the files a field already holds: the ninth image fits, the tenth does not", () => {
    expect(checkCount(IMAGE, 8)).toBeNull();
    expect(checkCount(IMAGE, 9)).toEqual({ code: "MAX_COUNT", key: "errors.maxCount", values: { count: 9 }, status: 422 });
    expect(checkCount(VIDEO, 1)?.values).toEqual({ count: 1 });
    // A field may allow fewer than its kind, never more.
    expect(checkCount(IMAGE, 1, 1)?.values).toEqual({ count: 1 });
    expect(checkCount(IMAGE, 9, 50)?.values).toEqual({ count: 9 });
  });

  it("refuses empty files and files over the limit in MB", () => {
    expect(checkSize(IMAGE, 0)?.code).toBe("EMPTY");
    expect(checkSize(IMAGE, 5 * MB)).toBeNull();
    expect(checkSize(IMAGE, 5 * MB + 1)).toEqual({ code: "TOO_LARGE", key: "errors.tooLarge", values: { size: 5 }, status: 413 });
    expect(checkSize(VIDEO, 50 * MB + 1)?.values).toEqual({ size: 50 });
  });

  it("names the allowed formats when one is refused", () => {
    expect(checkFormat(IMAGE, "png")).toBeNull();
    expect(checkFormat(IMAGE, "gif")).toEqual({ code: "FORMAT", key: "errors.format", values: { formats: "jpg/png/webp" }, status: 415 });
    expect(checkFormat(VIDEO, null)?.values).toEqual({ formats: "mp4/webm/mov" });
  });

  it("pre-checks a chosen file in the server's order: count, format, size", () => {
    expect(precheck(IMAGE, { name: "a.JPEG", size: 10 }, 0)).toBeNull();
    expect(precheck(IMAGE, { name: "a.gif", size: 10 * MB }, 9)?.code).toBe("MAX_COUNT");
    expect(precheck(IMAGE, { name: "a.gif", size: 10 * MB }, 0)?.code).toBe("FORMAT");
    expect(precheck(IMAGE, { name: "a.png", size: 10 * MB }, 0)?.code).toBe("TOO_LARGE");
  });

  it("folds extension aliases", () => {
    expect(extensionOf("Photo.JPEG")).toBe("jpg");
    expect(extensionOf("clip.MOV")).toBe("mov");
    expect(extensionOf("noext")).toBe("");
    expect(extensionOf("archive.tar.gz")).toBe("gz");
  });
});

describe("sanitizeName", () => {
  it("keeps only the base name, whatever the separators", () => {
    expect(sanitizeName("../../etc/passwd.jpg", "jpg")).toBe("passwd.jpg");
    expect(sanitizeName("..\\..\\windows\\win.ini.png", "png")).toBe("win.ini.png");
    expect(sanitizeName("C:\\Users\\me\\Desktop\\photo.jpeg", "jpg")).toBe("photo.jpeg");
  });

  it("drops control and bidi characters and leading dots", () => {
    expect(sanitizeName("in\u0000voice\u202egpj.pdf", "pdf")).toBe("invoicegpj.pdf");
    expect(sanitizeName("...hidden.png", "png")).toBe("hidden.png");
  });

  it("ends in the format the bytes are", () => {
    expect(sanitizeName("photo.png", "jpg")).toBe("photo.jpg");
    expect(sanitizeName("report", "pdf")).toBe("report.pdf");
    expect(sanitizeName("", "webp")).toBe("file.webp");
    expect(sanitizeName("../", "jpg")).toBe("file.jpg");
  });

  it("cuts long names to 200 characters, keeping the extension and whole characters", () => {
    const long = sanitizeName(`${"汽".repeat(150)}${"😀".repeat(100)}.jpg`, "jpg");
    expect(Array.from(long)).toHaveLength(200);
    expect(long.endsWith(".jpg")).toBe(true);
    expect(long).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
  });
});
