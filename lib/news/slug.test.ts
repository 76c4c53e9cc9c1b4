import { describe, expect, it } from "vitest";
import { newsIdOf, newsPath, slugify } from "./slug";

describe("news slugs", () => {
  it("makes readable ASCII slugs", () => {
    expect(slugify("The New GM-5 Arrives: Prices & Dates!")).toBe("the-new-gm-5-arrives-prices-dates");
    expect(slugify("Café crème")).toBe("cafe-creme");
    expect(slugify("新车上市")).toBe("article");
    expect(slugify("a".repeat(200)).length).toBe(80);
  });
  it("finds the id of a URL segment", () => {
    expect(newsPath(12, "launch")).toBe("news/12-launch");
    expect(newsIdOf("12-launch")).toBe(12);
    expect(newsIdOf("12")).toBe(12);
    expect(newsIdOf("launch")).toBeNull();
    expect(newsIdOf("12-<script>")).toBeNull();
    expect(newsIdOf("99999999999")).toBeNull();
  });
});
