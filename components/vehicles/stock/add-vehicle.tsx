"use client";

import { DatePicker, Form, Select } from "antd";
import "@/components/providers/antd-css";
import dayjs from "dayjs";
import { useLocale, useTranslations } from "next-intl";
import { useEffect, useState } from "react";
import { SchemaFields } from "@/components/admin/schema-form";
import { FormDrawer, useFormAction } from "@/components/system/admin-kit";
import { actionFailed } from "@/components/ui/feedback";
import { addVehicleAction, vehicleGoodsOptionsAction, type VehicleGoodsOption } from "@/lib/vehicles/stock/actions";
import { ZAddVehicle, type TAddVehicle } from "@/lib/vehicles/schemas";

// Staff add one vehicle to factory stock: VIN (checked in the browser by the same schema as
// the server), the vehicle goods it is sold as, colour and warehouse entry time (Beijing).

const MINUTE = "YYYY-MM-DD HH:mm";

/** A "YYYY-MM-DD HH:mm" string field as a date-time picker (the value stays the string). */
function MinuteInput({ value, onChange, id }: { value?: string | null; onChange?: (v: string | null) => void; id?: string }) {
  return (
    <DatePicker
      id={id}
      showTime={{ format: "HH:mm" }}
      format={MINUTE}
      style={{ width: 220 }}
      allowClear
      value={value ? dayjs(value) : null}
      onChange={(d) => onChange?.(d ? d.format(MINUTE) : null)}
      data-testid="entry-at-picker"
    />
  );
}

/** The vehicle goods (model + configuration), read when the form opens. */
function GoodsSelect({ value, onChange, id }: { value?: number | null; onChange?: (v: number | null) => void; id?: string }) {
  const t = useTranslations("VehicleStock");
  const zh = useLocale() === "zh-CN";
  const [options, setOptions] = useState<VehicleGoodsOption[] | null>(null);
  useEffect(() => {
    let live = true;
    void vehicleGoodsOptionsAction({}).then((res) => {
      if (!live) return;
      if (res.ok) setOptions(res.data);
      else {
        setOptions([]);
        actionFailed(res);
      }
    });
    return () => {
      live = false;
    };
  }, []);
  return (
    <Select
      id={id}
      value={value ?? undefined}
      onChange={(v: number | undefined) => onChange?.(v ?? null)}
      allowClear
      loading={options === null}
      showSearch={{ optionFilterProp: "label" }}
      placeholder={t("goodsPlaceholder")}
      notFoundContent={options === null ? t("loading") : t("noGoods")}
      options={(options ?? []).map((g) => ({ value: g.id, label: `${zh ? g.nameZh : g.nameEn}${g.config ? ` · ${g.config}` : ""} (${g.code})` }))}
      data-testid="goods-select"
    />
  );
}

/** The add-vehicle drawer: loaded by ./stock-tools.tsx on the first click of "Add vehicle" (antd's
 * form, select and date picker stay out of the list's first load); each opening starts empty. */
export function AddVehicleDrawer({ open, onClose }: { open: boolean; onClose: () => void }) {
  const t = useTranslations("VehicleStock");
  const [form] = Form.useForm<TAddVehicle>();
  const submit = useFormAction("VehicleStock.fields");
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    form.setFieldsValue({ colour: "", entryAt: null });
  }, [open, form]);
  return (
    <>
      <FormDrawer<TAddVehicle>
        title={t("addTitle")}
        open={open}
        form={form}
        onClose={onClose}
        testId="edit-drawer"
        size={520}
        onSubmit={async (v) =>
          !!(await submit(
            form,
            ZAddVehicle,
            addVehicleAction,
            v as unknown as Record<string, unknown>,
            t("added", {
              vin: String(v.vin ?? "")
                .trim()
                .toUpperCase(),
            }),
          ))
        }
      >
        <SchemaFields
          schema={ZAddVehicle}
          labels="VehicleStock"
          order={["vin", "goodsId", "colour", "entryAt"]}
          fields={{
            vin: { placeholder: t("vinFormPlaceholder"), props: { maxLength: 17, style: { fontFamily: "monospace" } } },
            goodsId: { control: <GoodsSelect />, itemProps: { required: true } },
            entryAt: { control: <MinuteInput />, hint: t("entryAtHint") },
          }}
        />
      </FormDrawer>
    </>
  );
}
