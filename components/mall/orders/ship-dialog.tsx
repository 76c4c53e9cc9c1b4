"use client";

import { Alert, Form, Input, Modal, Select, Skeleton } from "antd";
import "@/components/providers/antd-css";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { actionFailed, toast } from "@/components/ui/feedback";
import { dictOptions, type DictItemView } from "@/lib/dict/items";
import { shipOrderAction } from "@/lib/mall/orders/actions";
import type { ShippableLine } from "@/lib/mall/orders/queries";
import type { DialogProps } from "./order-action-bar";
import { settle, showFailure } from "./dialog-result";
import { loadShipDataAction } from "./order-ui-actions";

// Ship a confirmed order: the ship-from name, carrier and logistics; a vehicle order also
// takes exactly the ordered number of VINs per line from factory stock (the oldest are
// pre-selected, any can be swapped).
type Values = { factoryName: string; carrierType?: string; logisticsCompany: string; logisticsNo: string } & Record<string, unknown>;
const vinField = (lineId: number) => `vins_${lineId}`;

export function ShipDialog({ order, onClose, onDone }: DialogProps) {
  const t = useTranslations("OrderActions");
  const tc = useTranslations("Common");
  const locale = useLocale();
  const zh = locale === "zh-CN";
  const [form] = Form.useForm<Values>();
  const [data, setData] = useState<{ lines: ShippableLine[]; carriers: DictItemView[] } | null>(null);
  const [saving, setSaving] = useState(false);
  const vehicle = order.type === "VEHICLE";
  const close = useRef(onClose);
  useEffect(() => {
    close.current = onClose;
  });

  useEffect(() => {
    let live = true;
    loadShipDataAction({ id: order.id }).then(
      (res) => {
        if (!live) return;
        if (!res.ok) {
          actionFailed(res);
          close.current();
          return;
        }
        setData(res.data);
      },
      () => {
        // The request itself failed (network, a new deployment): let the person try again.
        if (live) {
          toast("error", tc("networkError"));
          close.current();
        }
      },
    );
    return () => {
      live = false;
    };
  }, [order.id, tc]);

  const submit = async () => {
    const v = await form.validateFields();
    const vins = vehicle && data ? data.lines.flatMap((l) => (v[vinField(l.lineId)] as string[] | undefined) ?? []) : undefined;
    setSaving(true);
    try {
      const res = await settle(
        shipOrderAction({ id: order.id, vins, factoryName: v.factoryName, carrierType: v.carrierType ?? null, logisticsCompany: v.logisticsCompany, logisticsNo: v.logisticsNo }),
        tc("networkError"),
      );
      if (res.ok) onDone();
      else
        showFailure(form, res, {
          factoryName: "factoryName",
          carrierType: "carrierType",
          logisticsCompany: "logisticsCompany",
          logisticsNo: "logisticsNo",
          ...(vehicle && data?.lines[0] ? { vins: vinField(data.lines[0].lineId) } : {}),
        });
    } finally {
      setSaving(false);
    }
  };
  const required = (label: string) => [{ required: true, whitespace: true, message: t("required", { label }) }];

  return (
    <Modal
      open
      width={720}
      title={t("shipTitle", { orderNo: order.orderNo })}
      okText={t("ship")}
      cancelText={t("no")}
      okButtonProps={{ loading: saving, disabled: !data }}
      onOk={() => void submit().catch(() => undefined)}
      onCancel={onClose}
      destroyOnHidden
    >
      {!data ? (
        <Skeleton active />
      ) : (
        <Form
          form={form}
          layout="vertical"
          data-testid="ship-form"
          initialValues={Object.fromEntries(data.lines.map((l) => [vinField(l.lineId), l.vehicles.slice(0, l.quantity).map((v) => v.vin)]))}
        >
          {vehicle &&
            data.lines.map((l) => {
              const label = t("fields.vinsOf", { name: zh ? l.nameZh : l.nameEn });
              if (l.vehicles.length === 0)
                return (
                  <Form.Item key={l.lineId} label={label} required>
                    <Alert type="warning" showIcon title={t("noVins")} />
                  </Form.Item>
                );
              return (
                <Form.Item
                  key={l.lineId}
                  label={label}
                  required
                  extra={<ChosenHint form={form} line={l} />}
                  name={vinField(l.lineId)}
                  rules={[
                    {
                      validator: (_, value?: string[]) =>
                        (value?.length ?? 0) === l.quantity ? Promise.resolve() : Promise.reject(new Error(t("chooseVins", { count: l.quantity }))),
                    },
                  ]}
                >
                  <Select
                    mode="multiple"
                    maxCount={l.quantity}
                    allowClear
                    showSearch={{ optionFilterProp: "label" }}
                    data-testid={`ship-vins-${l.goodsId}`}
                    options={l.vehicles.map((v) => ({ value: v.vin, label: v.colour ? `${v.vin} · ${v.colour}` : v.vin }))}
                  />
                </Form.Item>
              );
            })}
          <Form.Item name="factoryName" label={t("fields.factoryName")} rules={required(t("fields.factoryName"))}>
            <Input maxLength={100} data-testid="ship-factory" />
          </Form.Item>
          <Form.Item name="carrierType" label={t("fields.carrierType")}>
            <Select allowClear options={dictOptions(data.carriers, locale)} data-testid="ship-carrier" />
          </Form.Item>
          <Form.Item name="logisticsCompany" label={t("fields.logisticsCompany")} rules={required(t("fields.logisticsCompany"))}>
            <Input maxLength={100} data-testid="ship-logistics-company" />
          </Form.Item>
          <Form.Item name="logisticsNo" label={t("fields.logisticsNo")} rules={required(t("fields.logisticsNo"))}>
            <Input maxLength={64} data-testid="ship-logistics-no" />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}

function ChosenHint({ form, line }: { form: ReturnType<typeof Form.useForm<Values>>[0]; line: ShippableLine }) {
  const t = useTranslations("OrderActions");
  const chosen = (Form.useWatch(vinField(line.lineId), form) as string[] | undefined)?.length ?? 0;
  return <span>{t("vinHint", { chosen, count: line.quantity })}</span>;
}
