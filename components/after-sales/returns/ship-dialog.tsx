"use client";

import { loose } from "@/lib/i18n/loose";
import { Alert, AutoComplete, Form, Input, Modal, Select, Skeleton, Table } from "antd";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { shipFormOptionsAction, shipReturnsAction } from "@/lib/after-sales/returns/actions";
import type { ShipFormOptions, ShippableReturn } from "@/lib/after-sales/returns/queries";
import { actionFailed, toast } from "@/components/ui/feedback";
import { dictOptions, itemLabel } from "@/lib/dict/items";
import { PHONE_RE } from "@/lib/mall/addresses/schemas";

// The dealer ships approved returns in one delivery batch: picks any of its approved returns
// not in a batch yet (the one it came from preselected) and fills the delivery form. Logistics
// company and number are required for logistics and express deliveries, as the server rules.
// On success the batch's log opens.

type Values = { shippingAddress: string; deliveryWay: string; carNo?: string; contactPhone: string; logisticsCompany?: string; logisticsNo?: string };
const FIELDS = ["shippingAddress", "deliveryWay", "carNo", "contactPhone", "logisticsCompany", "logisticsNo"] as const;
/** Delivery ways that need a carrier and a tracking number (lib/after-sales/returns/service.ts). */
const CARRIED = new Set(["LOGISTICS", "EXPRESS"]);

export function ShipDialog({ preselected, onClose }: { preselected: number[]; onClose: () => void }) {
  const t = useTranslations("SalesReturns");
  const tv = useTranslations("Validation");
  const tc = useTranslations("Common");
  const locale = useLocale();
  const zh = locale === "zh-CN";
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [data, setData] = useState<ShipFormOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [chosen, setChosen] = useState<number[]>([]);
  const [pickError, setPickError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const deliveryWay = Form.useWatch("deliveryWay", form);
  const carried = !!deliveryWay && CARRIED.has(deliveryWay);
  const first = useRef(preselected);
  const label = (field: string) => loose(t)(`fields.${field}`);
  // `whitespace` only on text: any key beyond `required` makes the rule type-check as a string.
  const required = (field: string, kind: "text" | "select" | "number" = "text") =>
    kind === "text"
      ? { required: true, whitespace: true, message: tv("required", { label: label(field) }) }
      : { required: true, message: tv(kind === "select" ? "select" : "required", { label: label(field) }) };

  useEffect(() => {
    let live = true;
    shipFormOptionsAction({}).then(
      (res) => {
        if (!live) return;
        if (!res.ok) return setLoadError(res.message);
        setData(res.data);
        const ids = new Set(res.data.returns.map((r) => r.id));
        setChosen(first.current.filter((id) => ids.has(id)));
      },
      () => live && setLoadError(t("errors.loadError")),
    );
    return () => {
      live = false;
    };
  }, [t]);

  // Whether the logistics fields are required changes with the delivery way: re-check them.
  useEffect(() => {
    if (data && form.isFieldsTouched(["logisticsCompany", "logisticsNo"])) void form.validateFields(["logisticsCompany", "logisticsNo"]).catch(() => undefined);
  }, [carried, data, form]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!chosen.length) setPickError(t("errors.noReturns"));
    if (!v || !chosen.length) return;
    setBusy(true);
    try {
      const res = await shipReturnsAction({ returnIds: chosen, ...v, logisticsCompany: v.logisticsCompany ?? null, logisticsNo: v.logisticsNo ?? null, carNo: v.carNo ?? null });
      if (!res.ok) {
        const errors = res.fieldErrors ?? {};
        const fields = Object.entries(errors).filter(([k]) => (FIELDS as readonly string[]).includes(k));
        if (fields.length) form.setFields(fields.map(([k, msg]) => ({ name: k as keyof Values, errors: [msg] })));
        else if (errors.returnIds) setPickError(errors.returnIds);
        else actionFailed(res);
        return;
      }
      toast("success", <span data-testid="sales-return-shipped">{t("actions.done.ship", { batchNo: res.data.batchNo })}</span>);
      onClose();
      router.push(`/afterSale/salesReturnLogs?id=${res.data.id}`);
    } catch {
      toast("error", tc("networkError"));
    } finally {
      setBusy(false);
    }
  };

  const clearErrors = (changed: Partial<Values>) => form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  const columns = [
    { key: "returnNo", title: t("fields.returnNo"), dataIndex: "returnNo" },
    {
      key: "material",
      title: t("fields.material"),
      render: (_: unknown, r: ShippableReturn) => (
        <>
          {zh ? r.partName.zh : r.partName.en}
          {r.materialCode ? <div style={{ fontSize: 12, color: "rgba(0,0,0,0.6)" }}>{r.materialCode}</div> : null}
        </>
      ),
    },
    { key: "quantity", title: t("fields.quantity"), dataIndex: "quantity", align: "right" as const },
    { key: "faultQuantity", title: t("fields.faultQuantity"), dataIndex: "faultQuantity", align: "right" as const },
    { key: "dealType", title: t("fields.dealType"), render: (_: unknown, r: ShippableReturn) => (data ? itemLabel(data.dealTypes, r.dealType, locale) : r.dealType) },
  ];

  return (
    <Modal
      open
      width={820}
      title={t("actions.shipTitle")}
      okText={t("actions.shipSubmit", { count: chosen.length })}
      cancelText={t("actions.close")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: !data || !data.returns.length, "data-testid": "ship-submit" } as never}
      destroyOnHidden
    >
      {loadError ? (
        <Alert type="error" title={loadError} showIcon />
      ) : !data ? (
        <Skeleton active />
      ) : (
        <>
          <h3 style={{ margin: "0 0 8px", fontSize: 14 }}>{t("ship.pick")}</h3>
          {data.returns.length === 0 ? (
            <Alert type="info" showIcon title={t("ship.none")} style={{ marginBottom: 16 }} />
          ) : (
            <div style={{ marginBottom: 16 }} data-testid="ship-returns">
              <Table<ShippableReturn>
                size="small"
                rowKey="id"
                pagination={false}
                scroll={{ y: 240 }}
                dataSource={data.returns}
                columns={columns}
                rowSelection={{ selectedRowKeys: chosen, onChange: (keys) => (setChosen(keys as number[]), setPickError(null)) }}
              />
              <div style={{ marginTop: 6, fontSize: 13, color: pickError ? "#cf1322" : "rgba(0,0,0,0.55)" }} role={pickError ? "alert" : undefined} data-testid="ship-chosen">
                {pickError ?? t("ship.selected", { count: chosen.length, total: data.returns.length })}
              </div>
            </div>
          )}
          <Form
            form={form}
            layout="vertical"
            requiredMark
            onValuesChange={clearErrors}
            data-testid="ship-form"
            initialValues={{ deliveryWay: data.deliveryWays.find((d) => CARRIED.has(d.value))?.value }}
          >
            <Form.Item name="shippingAddress" label={label("shippingAddress")} rules={[required("shippingAddress")]}>
              <AutoComplete
                data-testid="ship-address"
                placeholder={t("ship.addressPlaceholder")}
                maxLength={300}
                options={data.addresses.map((a) => ({ value: zh ? a.textZh : a.textEn, label: `${zh ? a.textZh : a.textEn} · ${a.receiver} ${a.phone}` }))}
                showSearch={{
                  filterOption: (input, option) =>
                    String(option?.value ?? "")
                      .toLowerCase()
                      .includes(input.toLowerCase()),
                }}
                onSelect={(value: string) => {
                  const a = data.addresses.find((x) => (zh ? x.textZh : x.textEn) === value);
                  if (a && !form.getFieldValue("contactPhone")) form.setFieldValue("contactPhone", a.phone);
                }}
              />
            </Form.Item>
            <div style={{ display: "grid", gridTemplateColumns: "repeat(auto-fit, minmax(220px, 1fr))", columnGap: 16 }}>
              <Form.Item name="deliveryWay" label={label("deliveryWay")} rules={[required("deliveryWay", "select")]}>
                <Select options={dictOptions(data.deliveryWays, locale)} data-testid="ship-delivery-way" />
              </Form.Item>
              <Form.Item
                name="contactPhone"
                label={label("contactPhone")}
                extra={t("ship.phoneHint")}
                rules={[required("contactPhone"), { pattern: PHONE_RE, message: tv("phone", { label: label("contactPhone") }) }]}
              >
                <Input maxLength={20} inputMode="tel" data-testid="ship-contact-phone" />
              </Form.Item>
              <Form.Item name="carNo" label={label("carNo")}>
                <Input maxLength={20} data-testid="ship-car-no" />
              </Form.Item>
              <Form.Item
                name="logisticsCompany"
                label={label("logisticsCompany")}
                extra={t("ship.logisticsHint")}
                rules={carried ? [required("logisticsCompany")] : []}
                required={carried}
              >
                <Input maxLength={100} data-testid="ship-logistics-company" />
              </Form.Item>
              <Form.Item name="logisticsNo" label={label("logisticsNo")} rules={carried ? [required("logisticsNo")] : []} required={carried}>
                <Input maxLength={50} data-testid="ship-logistics-no" />
              </Form.Item>
            </div>
          </Form>
        </>
      )}
    </Modal>
  );
}
