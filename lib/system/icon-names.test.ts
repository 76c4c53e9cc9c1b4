import { describe, expect, it } from "vitest";
import { MENU_ICON_NAMES } from "@/components/shell/menu-icon";
import { MENU_ICONS } from "./icon-names";

describe("menu icon names", () => {
  it("the menu form offers exactly the icons the shell can draw", () => {
    expect([...MENU_ICONS].sort()).toEqual([...MENU_ICON_NAMES].sort());
  });
});
