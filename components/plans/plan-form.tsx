"use client";

import { Button, Form, Input, InputNumber, Modal, Select, Space, Spin } from "antd";
import "@/components/providers/antd-css";
import { useRouter } from "next/navigation";
import { useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { planFormOptionsAction, savePlanAction } from "@/lib/plans/actions";
import { MAX_PLAN_QTY } from "@/lib/plans/options";
import type { PlanFormOptions } from "@/lib/plans/queries";
import local from "./plans.module.css";

// The plan form (loaded on demand): the month (a new plan), vehicle lines by model and
// configuration, parts lines by category, quantities and a remark; "Save draft" or "Submit". On an
// existing plan it edits a draft or returned plan, or revises a submitted one. The choices load
// with the form (planFormOptionsAction). The server checks everything again; its messages land on
// the fields ("lines.0.quantity" → that line).

type Line = { goodsId?: number; partsCategory?: string; quantity?: number; remark?: string };
type Values = { month?: string; remark?: string; vehicles?: Line[]; parts?: Line[] };

export function PlanForm({ planId, planNo, onClose }: { planId?: number; planNo?: string; onClose: () => void }) {
  const t = useTranslations("Plans.form");
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<PlanFormOptions | null>(null);
  const [busy, setBusy] = useState(false);
  const required = { required: true, message: t("required") };

  useEffect(() => {
    let live = true;
    void planFormOptionsAction({ id: planId }).then((res) => {
      if (!live) return;
      if (!res.ok) {
        actionFailed(res);
        onClose();
        return;
      }
      setOptions(res.data);
      const p = res.data.plan;
      form.setFieldsValue(
        p
          ? {
              month: p.month,
              remark: p.remark ?? undefined,
              vehicles: p.lines.filter((l) => l.kind === "VEHICLE").map((l) => ({ goodsId: l.goodsId ?? undefined, quantity: l.quantity, remark: l.remark ?? undefined })),
              parts: p.lines.filter((l) => l.kind === "PARTS").map((l) => ({ partsCategory: l.partsCategory ?? undefined, quantity: l.quantity, remark: l.remark ?? undefined })),
            }
          : { month: res.data.months[0]?.month, vehicles: [{}], parts: [] },
      );
    });
    return () => {
      live = false;
    };
  }, [planId, form, onClose]);

  const save = async (submit: boolean) => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    const vehicles = v.vehicles ?? [];
    const parts = v.parts ?? [];
    setBusy(true);
    const res = await savePlanAction({
      id: planId,
      month: v.month ?? "",
      remark: v.remark ?? "",
      submit,
      lines: [
        ...vehicles.map((l) => ({ kind: "VEHICLE" as const, goodsId: l.goodsId, quantity: l.quantity ?? 0, remark: l.remark ?? "" })),
        ...parts.map((l) => ({ kind: "PARTS" as const, partsCategory: l.partsCategory, quantity: l.quantity ?? 0, remark: l.remark ?? "" })),
      ],
    }).catch(() => null);
    setBusy(false);
    if (!res) return void toast("error", t("required"));
    if (!res.ok) {
      const fields = Object.entries(res.fieldErrors ?? {});
      if (fields.length) {
        // The server numbers all lines together: vehicles first, then parts.
        const named = fields.map(([k, msg]) => {
          const m = /^lines\.(\d+)\.(\w+)$/.exec(k);
          if (!m) return { name: [k] as (string | number)[], errors: [msg] };
          const i = Number(m[1]);
          return i < vehicles.length ? { name: ["vehicles", i, m[2]], errors: [msg] } : { name: ["parts", i - vehicles.length, m[2]], errors: [msg] };
        });
        form.setFields(named.map((f) => ({ name: f.name as never, errors: f.errors })));
        if (!fields.some(([k]) => k.includes("."))) toast("error", fields[0][1]);
      } else actionFailed(res);
      return;
    }
    toast("success", <span data-testid="plan-saved">{t(res.data.status === "SUBMITTED" ? "submitted" : "saved", { planNo: res.data.planNo })}</span>);
    onClose();
    if (planId) router.refresh();
    else router.push(`/crm/customerPlan?id=${res.data.id}`);
  };

  const existing = options?.plan;
  const noMonth = !!options && !planId && options.months.length === 0;
  return (
    <Modal
      open
      title={planId ? t("editTitle", { planNo: planNo ?? "" }) : t("createTitle")}
      onCancel={onClose}
      mask={{ closable: false }}
      destroyOnHidden
      width={820}
      footer={
        <Space wrap>
          <Button onClick={onClose}>{t("cancel")}</Button>
          <Button onClick={() => void save(false)} loading={busy} disabled={!options || noMonth} data-testid="plan-save">
            {planId ? t("save") : t("saveDraft")}
          </Button>
          <Button type="primary" onClick={() => void save(true)} loading={busy} disabled={!options || noMonth} data-testid="plan-form-submit">
            {t("submit")}
          </Button>
        </Space>
      }
    >
      {!options ? (
        <Spin aria-label={t("loading")} />
      ) : noMonth ? (
        <p data-testid="plan-no-month">{t("noMonth")}</p>
      ) : (
        <Form form={form} name="plan" layout="vertical" requiredMark data-testid="plan-form">
          <Form.Item name="month" label={t("month")} rules={[required]}>
            <Select
              style={{ maxWidth: 320 }}
              disabled={!!planId}
              options={(existing ? [{ month: existing.month, deadline: "" }] : options.months).map((m) => ({
                value: m.month,
                label: m.deadline ? t("monthOption", { month: m.month, deadline: m.deadline }) : m.month,
              }))}
              data-testid="plan-month"
            />
          </Form.Item>

          <h3>{t("vehicles")}</h3>
          <Form.List name="vehicles">
            {(fields, { add, remove }) => (
              <div data-testid="plan-vehicle-lines">
                {fields.map((field) => (
                  <div key={field.key} className={local.lineForm} data-testid="plan-vehicle-line">
                    <Form.Item name={[field.name, "goodsId"]} label={t("vehicle")} rules={[required]} style={{ minWidth: 260, flex: "2 1 260px" }}>
                      <Select
                        showSearch={{ optionFilterProp: "label" }}
                        placeholder={t("vehiclePlaceholder")}
                        notFoundContent={t("noResults")}
                        options={options.vehicles.map((g) => ({ value: g.id, label: g.label }))}
                        data-testid="plan-vehicle-goods"
                      />
                    </Form.Item>
                    <Form.Item name={[field.name, "quantity"]} label={t("quantity")} rules={[required]} style={{ width: 120 }}>
                      <InputNumber min={0} max={MAX_PLAN_QTY} precision={0} style={{ width: "100%" }} inputMode="numeric" data-testid="plan-vehicle-quantity" />
                    </Form.Item>
                    <Form.Item name={[field.name, "remark"]} label={t("lineRemark")} style={{ flex: "1 1 160px" }}>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button onClick={() => remove(field.name)} data-testid="plan-vehicle-remove">
                        {t("remove")}
                      </Button>
                    </Form.Item>
                  </div>
                ))}
                <Button onClick={() => add({})} data-testid="plan-add-vehicle">
                  {t("addVehicle")}
                </Button>
              </div>
            )}
          </Form.List>

          <h3 style={{ marginTop: 16 }}>{t("parts")}</h3>
          <Form.List name="parts">
            {(fields, { add, remove }) => (
              <div data-testid="plan-parts-lines">
                {fields.map((field) => (
                  <div key={field.key} className={local.lineForm} data-testid="plan-parts-line">
                    <Form.Item name={[field.name, "partsCategory"]} label={t("category")} rules={[required]} style={{ minWidth: 200, flex: "2 1 200px" }}>
                      <Select options={options.categories} data-testid="plan-parts-category" />
                    </Form.Item>
                    <Form.Item name={[field.name, "quantity"]} label={t("quantity")} rules={[required]} style={{ width: 120 }}>
                      <InputNumber min={0} max={MAX_PLAN_QTY} precision={0} style={{ width: "100%" }} inputMode="numeric" data-testid="plan-parts-quantity" />
                    </Form.Item>
                    <Form.Item name={[field.name, "remark"]} label={t("lineRemark")} style={{ flex: "1 1 160px" }}>
                      <Input maxLength={200} />
                    </Form.Item>
                    <Form.Item label=" ">
                      <Button onClick={() => remove(field.name)} data-testid="plan-parts-remove">
                        {t("remove")}
                      </Button>
                    </Form.Item>
                  </div>
                ))}
                <Button onClick={() => add({})} data-testid="plan-add-parts">
                  {t("addParts")}
                </Button>
              </div>
            )}
          </Form.List>

          <Form.Item name="remark" label={t("remark")} style={{ marginTop: 16 }}>
            <Input.TextArea maxLength={500} rows={2} data-testid="plan-remark" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
