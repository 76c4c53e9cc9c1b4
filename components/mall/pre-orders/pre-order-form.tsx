"use client";

import { loose } from "@/lib/i18n/loose";
import { Alert, Form, Input, InputNumber, Modal, Select, Spin } from "antd";
import "@/components/providers/antd-css";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { withBase } from "@/lib/client/base-path";
import { dictOptions } from "@/lib/dict/items";
import { MAX_QUANTITY } from "@/lib/mall/orders/schemas";
import { createPreOrderAction, preOrderFormOptionsAction } from "@/lib/mall/pre-orders/actions";
import type { PreOrderFormOptions } from "@/lib/mall/pre-orders/form-data";

// The "create pre-order" form (loaded on demand by PreOrderButton): quantity (at least the
// goods' minimum), phone, delivery way, address from the address book, carrier type, secondary
// destination, remark. The server action validates again; its messages land on the fields.

type Values = { quantity: number; phone: string; deliveryWay: string; addressId: number; carrierType?: string | null; secondaryDestination?: string; remark?: string };
const FIELDS = ["quantity", "phone", "deliveryWay", "addressId", "carrierType", "secondaryDestination", "remark"] as const;

export function PreOrderForm({ goodsId, name, minOrderQty, onClose }: { goodsId: number; name: string; minOrderQty: number; onClose: () => void }) {
  const t = useTranslations("PreOrders");
  const tv = useTranslations("Validation");
  const locale = useLocale();
  const router = useRouter();
  const [form] = Form.useForm<Values>();
  const [options, setOptions] = useState<PreOrderFormOptions | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const min = Math.max(1, minOrderQty);
  const required = (field: string) => ({ required: true, message: tv("required", { label: loose(t)(`fields.${field}`) }) });

  useEffect(() => {
    let live = true;
    void preOrderFormOptionsAction({}).then(
      (res) => {
        if (!live) return;
        if (!res.ok) return setLoadError(res.message);
        setOptions(res.data);
      },
      () => live && setLoadError(t("actions.loadError")),
    );
    return () => {
      live = false;
    };
  }, [t]);

  const submit = async () => {
    const v = await form.validateFields().catch(() => null);
    if (!v) return;
    setBusy(true);
    const res = await createPreOrderAction({ goodsId, ...v, carrierType: v.carrierType ?? null });
    setBusy(false);
    if (!res.ok) {
      const fields = Object.entries(res.fieldErrors ?? {}).filter(([k]) => (FIELDS as readonly string[]).includes(k));
      if (fields.length) form.setFields(fields.map(([k, msg]) => ({ name: k as keyof Values, errors: [msg] })));
      else actionFailed(res);
      return;
    }
    const href = `/onlineMall/car/preOrder?id=${res.data.id}`;
    toast(
      "success",
      <span data-testid="pre-order-created">
        {t("actions.done.create", { preOrderNo: res.data.preOrderNo })}{" "}
        <a href={withBase(href)} onClick={(e) => (e.preventDefault(), router.push(href))}>
          {t("actions.viewPreOrder")}
        </a>
      </span>,
    );
    onClose();
  };

  const zh = locale === "zh-CN";
  const address = options ? (options.addresses.find((a) => a.isDefault) ?? options.addresses[0]) : undefined;
  const initial: Partial<Values> = { quantity: min, addressId: address?.id, phone: address?.phone, deliveryWay: options?.deliveryWays[0]?.value };
  // A server message on a field goes away once the field changes.
  const clearErrors = (changed: Partial<Values>) => form.setFields(Object.keys(changed).map((k) => ({ name: k as keyof Values, errors: [] })));
  return (
    <Modal
      open
      title={t("actions.createTitle", { name })}
      okText={t("actions.submit")}
      cancelText={t("actions.close")}
      onOk={submit}
      onCancel={onClose}
      okButtonProps={{ loading: busy, disabled: !options || options.addresses.length === 0, "data-testid": "pre-order-submit" } as never}
      destroyOnHidden
      width={560}
    >
      {loadError ? (
        <Alert type="error" title={loadError} showIcon />
      ) : !options ? (
        <div style={{ padding: 32, textAlign: "center" }}>
          <Spin />
        </div>
      ) : (
        <Form form={form} layout="vertical" requiredMark initialValues={initial} onValuesChange={clearErrors} data-testid="pre-order-form">
          {options.addresses.length === 0 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 16 }}
              title={t("actions.noAddress")}
              description={
                <Link href="/onlineMall/adress" onClick={onClose}>
                  {t("actions.addAddress")}
                </Link>
              }
            />
          )}
          <Form.Item name="quantity" label={t("fields.quantity")} extra={t("actions.minHint", { min })} rules={[required("quantity")]}>
            <InputNumber min={min} max={MAX_QUANTITY} precision={0} style={{ width: 180 }} data-testid="pre-order-quantity" />
          </Form.Item>
          <Form.Item name="addressId" label={t("fields.addressId")} rules={[required("addressId")]}>
            <Select
              data-testid="pre-order-address"
              options={options.addresses.map((a) => ({ value: a.id, label: `${a.receiver} ${a.phone} · ${zh ? a.textZh : a.textEn}` }))}
              onChange={(id: number) => {
                const a = options.addresses.find((x) => x.id === id);
                if (a && !form.isFieldTouched("phone")) form.setFieldValue("phone", a.phone);
              }}
            />
          </Form.Item>
          <Form.Item name="phone" label={t("fields.phone")} rules={[required("phone")]}>
            <Input maxLength={20} inputMode="tel" data-testid="pre-order-phone" />
          </Form.Item>
          <Form.Item name="deliveryWay" label={t("fields.deliveryWay")} rules={[required("deliveryWay")]}>
            <Select options={dictOptions(options.deliveryWays, locale)} data-testid="pre-order-delivery-way" />
          </Form.Item>
          <Form.Item name="carrierType" label={t("fields.carrierType")}>
            <Select allowClear options={dictOptions(options.carrierTypes, locale)} data-testid="pre-order-carrier-type" />
          </Form.Item>
          <Form.Item name="secondaryDestination" label={t("fields.secondaryDestination")}>
            <Input maxLength={200} />
          </Form.Item>
          <Form.Item name="remark" label={t("fields.remark")}>
            <Input.TextArea maxLength={500} rows={3} showCount data-testid="pre-order-remark" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
