import { describe, expect, it } from "vitest";
import { WMS_MOVES, wmsMove, wmsMovesFor } from "./states";

// The warehouse documents' state tables (DOMAIN.md "Warehouse documents"): only these moves exist.

describe("warehouse document states", () => {
  it("posts or cancels entries, deliveries and moves only as drafts", () => {
    for (const type of ["ENTRY", "DELIVERY", "MOVE"] as const) {
      expect(wmsMovesFor(type, "DRAFT")).toEqual(["post", "cancel"]);
      expect(wmsMovesFor(type, "POSTED")).toEqual([]);
      expect(wmsMovesFor(type, "CANCELLED")).toEqual([]);
      expect(wmsMove(type, "DRAFT", "ship")).toBeNull();
    }
  });

  it("ships a transfer from the sending side and receives it on the receiving side", () => {
    expect(wmsMovesFor("TRANSFER", "DRAFT", "from")).toEqual(["ship", "cancel"]);
    expect(wmsMovesFor("TRANSFER", "DRAFT", "to")).toEqual([]);
    expect(wmsMovesFor("TRANSFER", "IN_TRANSIT", "to")).toEqual(["receive"]);
    expect(wmsMovesFor("TRANSFER", "IN_TRANSIT", "from")).toEqual([]);
    expect(wmsMovesFor("TRANSFER", "IN_TRANSIT", "both")).toEqual(["receive"]);
    expect(wmsMovesFor("TRANSFER", "RECEIVED")).toEqual([]);
    expect(wmsMove("TRANSFER", "DRAFT", "post")).toBeNull();
  });

  it("counts a stocktake before posting it, and cancels it until then", () => {
    expect(wmsMovesFor("STOCKTAKE", "DRAFT")).toEqual(["count", "cancel"]);
    expect(wmsMovesFor("STOCKTAKE", "COUNTING")).toEqual(["post", "cancel"]);
    expect(wmsMovesFor("STOCKTAKE", "POSTED")).toEqual([]);
    expect(wmsMove("STOCKTAKE", "DRAFT", "post")).toBeNull();
  });

  it("leads every move to a state of DOMAIN.md's tables", () => {
    const targets = Object.values(WMS_MOVES).flatMap((m) => Object.values(m).map((x) => x!.to));
    expect(new Set(targets)).toEqual(new Set(["POSTED", "CANCELLED", "IN_TRANSIT", "RECEIVED", "COUNTING"]));
  });
});
