"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import kit from "@/components/ui/record-screen.module.css";

// Row selection on a server-rendered list (issue 17): the table stays server HTML; this
// provider wraps it, and the checkboxes and bulk buttons are tiny islands reading the one
// selection. The selection belongs to the rows it was made on, remembered with the
// page's ids: on a new page (a search, the pager, a refresh after a write) none is selected.

type Selection = { ids: readonly number[]; selected: readonly number[]; set: (ids: number[]) => void };
const Ctx = createContext<Selection>({ ids: [], selected: [], set: () => {} });

export function useSelection(): Selection {
  return useContext(Ctx);
}

/** Holds the selection of the page's rows `ids`. */
export function SelectionScope({ ids, children }: { ids: number[]; children: ReactNode }) {
  // Not keyed by the rows: a remount would also remount the children (the filters a person
  // may be typing in); a selection made on other rows simply reads as none.
  const rows = ids.join(",");
  const [made, setMade] = useState<{ rows: string; selected: number[] }>({ rows, selected: [] });
  const selected = made.rows === rows ? made.selected : [];
  return <Ctx.Provider value={{ ids, selected, set: (next) => setMade({ rows, selected: next }) }}>{children}</Ctx.Provider>;
}

/** The header cell's checkbox: all the page's rows, or none. */
export function SelectAll({ label }: { label: string }) {
  const { ids, selected, set } = useSelection();
  const all = ids.length > 0 && selected.length === ids.length;
  return (
    <input
      type="checkbox"
      className={kit.check}
      checked={all}
      ref={(el) => {
        if (el) el.indeterminate = selected.length > 0 && !all;
      }}
      disabled={!ids.length}
      aria-label={label}
      onChange={(e) => set(e.target.checked ? [...ids] : [])}
      data-testid="select-all"
    />
  );
}

/** A row's checkbox. */
export function SelectRow({ id, label }: { id: number; label: string }) {
  const { selected, set } = useSelection();
  const on = selected.includes(id);
  return (
    <input
      type="checkbox"
      className={kit.check}
      checked={on}
      aria-label={label}
      onChange={(e) => set(e.target.checked ? [...selected, id] : selected.filter((x) => x !== id))}
      data-testid="select-row"
    />
  );
}
