"use client";

import { Select } from "antd";
import "@/components/providers/antd-css";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { SchemaDrawer } from "@/components/admin/schema-drawer";
import { useFormAction } from "@/components/system/admin-kit";
import { actionFailed } from "@/components/ui/feedback";
import { planOptionsAction, savePlanAction, searchPlanGoodsAction } from "@/lib/wms/plans/actions";
import type { PlanOption, PlanOptions } from "@/lib/wms/plans/queries";
import type { TSavePlan } from "@/lib/wms/plans/schemas";
import type { PlanEditing } from "./plan-actions";

// The stocktake plan's create/edit drawer, loaded on its first opening (./plan-actions.tsx):
// the fields generated from the action's schema, with the company's warehouses, locations and
// users read when it opens (planOptionsAction), and the goods searched as one types.

const loadSchema = () => import("@/lib/wms/plans/schemas").then((m) => m.ZSavePlan);

type Props = { values: PlanEditing | null; onClose: () => void };

/** Parts and derivatives searched on the server as one types; the chosen ones keep their labels. */
function GoodsSelect({ value, onChange, known }: { value?: number[]; onChange?: (v: number[]) => void; known: PlanOption[] }) {
  const t = useTranslations("WmsPlans");
  const [found, setFound] = useState<PlanOption[]>([]);
  const seq = useRef(0);
  // The edited plan's goods keep their labels; what a search found follows them.
  const options = [...known, ...found.filter((o) => !known.some((k) => k.value === o.value))];
  const search = async (q: string) => {
    const mine = ++seq.current;
    const res = await searchPlanGoodsAction({ q });
    if (mine !== seq.current || !res.ok) return;
    const chosen = options.filter((o) => value?.includes(o.value));
    setFound([...chosen, ...res.data.filter((o) => !chosen.some((c) => c.value === o.value))]);
  };
  return (
    <Select
      mode="multiple"
      allowClear
      showSearch={{ filterOption: false, onSearch: (q) => void search(q) }}
      onFocus={() => options.length === 0 && void search("")}
      options={options}
      value={value}
      onChange={onChange}
      placeholder={t("goodsSearch")}
    />
  );
}

export function PlanDrawer({ values, onClose }: Props) {
  const t = useTranslations("WmsPlans");
  const submit = useFormAction("WmsPlans.fields");
  const [opts, setOpts] = useState<PlanOptions | null>(null);
  const id = values?.id;
  const open = !!values;
  useEffect(() => {
    if (!open) return;
    let live = true;
    void planOptionsAction({ id }).then((res) => {
      if (!live) return;
      if (res.ok) setOpts(res.data);
      else actionFailed(res);
    });
    return () => {
      live = false;
    };
  }, [open, id]);
  const warehouses = opts?.warehouses ?? [];
  const whCode = new Map(warehouses.map((w) => [w.value, w.label.split(" ")[0]]));
  return (
    <SchemaDrawer<TSavePlan>
      title={id ? t("editTitle") : t("createTitle")}
      open={open}
      values={values as Partial<TSavePlan> | null}
      onClose={onClose}
      testId="plan-drawer"
      onSubmit={async (v, form, schema) => !!(await submit(form, schema, savePlanAction, { ...v, id }))}
      schema={loadSchema}
      labels="WmsPlans"
      order={["name", "warehouseId", "locationIds", "goodsIds", "cycle", "nextDate", "assigneeId", "enabled"]}
      fields={{
        warehouseId: { widget: "select", options: warehouses },
        locationIds: {
          widget: "multiSelect",
          options: (opts?.locations ?? []).map((l) => ({ value: l.value, label: `${whCode.get(l.warehouseId) ?? ""} / ${l.label}` })),
          hint: t("scopeHint"),
        },
        goodsIds: { control: <GoodsSelect known={opts?.goods ?? []} />, hint: t("scopeHint") },
        nextDate: { props: { type: "date" } },
        assigneeId: { widget: "select", options: opts?.users ?? [] },
      }}
    />
  );
}
