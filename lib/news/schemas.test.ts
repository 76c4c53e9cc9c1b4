import { describe, expect, it } from "vitest";
import { NEWS_PHASES, newsMoves, newsPhase, ZNewsCreate, ZNewsPublish, ZNewsUpdate } from "./schemas";

const base = { titleEn: "T", titleZh: "标", summaryEn: "S", summaryZh: "摘", detailEn: "<p>d</p>", detailZh: "<p>正</p>" };
const NOW = Date.parse("2026-11-22T00:00:00Z");

describe("news phases", () => {
  it("splits PUBLISHED by the clock", () => {
    expect(newsPhase("DRAFT", null, NOW)).toBe("draft");
    expect(newsPhase("DRAFT", new Date(NOW + 1000), NOW)).toBe("draft");
    expect(newsPhase("UNPUBLISHED", new Date(NOW - 1000), NOW)).toBe("unpublished");
    expect(newsPhase("PUBLISHED", new Date(NOW + 1000), NOW)).toBe("scheduled");
    expect(newsPhase("PUBLISHED", new Date(NOW), NOW)).toBe("published");
    expect(newsPhase("PUBLISHED", "2026-11-21T23:00:00.000Z", NOW)).toBe("published");
  });

  it("allows deleting only what is not public, unpublishing only what is", () => {
    for (const p of NEWS_PHASES) expect(newsMoves(p)).toContain("edit");
    expect(NEWS_PHASES.filter((p) => newsMoves(p).includes("delete"))).toEqual(["draft", "unpublished"]);
    expect(NEWS_PHASES.filter((p) => newsMoves(p).includes("unpublish"))).toEqual(["scheduled", "published"]);
    expect(NEWS_PHASES.filter((p) => newsMoves(p).includes("publish"))).toEqual(["draft", "scheduled", "unpublished"]);
  });
});

describe("news schemas", () => {
  it("trims, defaults and keeps only cover ids", () => {
    const v = ZNewsCreate.parse({ ...base, titleEn: "  Launch  ", cover: [{ id: "a".repeat(32), name: "c.png", url: "/x" }], publishAt: "" });
    expect(v).toMatchObject({ titleEn: "Launch", cover: [{ id: "a".repeat(32) }], publishAt: null, publish: false });
    expect(v.cover[0]).toEqual({ id: "a".repeat(32) });
  });

  it("refuses bad input", () => {
    const bad: Record<string, unknown>[] = [
      { titleEn: "" },
      { titleZh: " " },
      { titleEn: "x".repeat(201) },
      { summaryEn: "s".repeat(301) },
      { detailEn: "   " },
      { detailZh: "x".repeat(200_001) },
      { detailEn: 5 },
      { cover: [{ id: "nope" }] },
      { cover: ["a".repeat(32)] },
      { cover: [{ id: "a".repeat(32) }, { id: "b".repeat(32) }] },
      { publishAt: "2026-02-30 10:00" },
      { publishAt: "2026-11-22 24:00" },
      { publishAt: "2026-11-22T10:00:00Z" },
      { publish: "yes" },
    ];
    for (const over of bad) expect(ZNewsCreate.safeParse({ ...base, ...over }).success, JSON.stringify(over).slice(0, 60)).toBe(false);
    expect(ZNewsUpdate.safeParse({ ...base, id: 1, version: "yesterday" }).success).toBe(false);
    expect(ZNewsUpdate.safeParse({ ...base, id: 0, version: new Date().toISOString() }).success).toBe(false);
    expect(ZNewsPublish.safeParse({ id: 1.5 }).success).toBe(false);
    expect(ZNewsPublish.parse({ id: 3, publishAt: "2026-12-01 09:30" })).toEqual({ id: 3, publishAt: "2026-12-01 09:30" });
  });
});
