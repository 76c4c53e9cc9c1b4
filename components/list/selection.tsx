"use client";

import { createContext, useContext, useState, type ReactNode } from "react";
import kit from "@/components/ui/record-screen.module.css";

// Row selection on a server-rendered list (issue 17): the table stays server HTML; this
// provider wraps it, and the checkboxes and bulk buttons are tiny islands reading the one
// selection. The selection belongs to the rows it was made on: the provider is keyed by the
// page's ids, so a new page (a search, the pager, a refresh after a write) starts with none.

type Selection = { ids: readonly number[]; selected: readonly number[]; set: (ids: number[]) => void };
const Ctx = createContext<Selection>({ ids: [], selected: [], set: () => {} });

export function useSelection(): Selection {
  return useContext(Ctx);
}

/** Holds the selection of the page's rows `ids`. */
export function SelectionScope({ ids, children }: { ids: number[]; children: ReactNode }) {
  return (
    <Inner key={ids.join(",")} ids={ids}>
      {children}
    </Inner>
  );
}

function Inner({ ids, children }: { ids: number[]; children: ReactNode }) {
  const [selected, set] = useState<number[]>([]);
  return <Ctx.Provider value={{ ids, selected, set }}>{children}</Ctx.Provider>;
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
