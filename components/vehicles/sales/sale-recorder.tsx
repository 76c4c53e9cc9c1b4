"use client";

import { Button, Card, Checkbox, Col, DatePicker, Form, Input, InputNumber, Row, Select, Space } from "antd";
import "@/components/providers/antd-css";
import dayjs, { type Dayjs } from "dayjs";
import { useLocale, useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useRef, useState } from "react";
import { toast } from "@/components/ui/feedback";
import { dictOptions, type DictItemView } from "@/lib/dict/items";
import { ageOn, residentIdProblem } from "@/lib/people/resident-id";
import { saleQueryAction, sellVehicleAction, type CarFacts as Facts } from "@/lib/vehicles/sales/actions";
import { dateToMinute, ZSellVehicle, ZVinQuery } from "@/lib/vehicles/schemas";
import { normalizeVin } from "@/lib/vehicles/vin";
import { CarFacts } from "./car-facts";
import { ownerFactsFromId } from "./owner-facts";
import { useVehicleAction } from "./use-vehicle-action";

// "Record a sale" (car/vehicleSales): query a VIN of the dealer's stock, see its car type, enter
// the purchase time and the owner. A valid PRC resident ID fills birthday, sex and age (which
// the server derives from it again); other IDs take them as typed. Times are Beijing time.

type Values = {
  vin?: string;
  soldAt?: Dayjs | null;
  ownerName?: string;
  phone?: string;
  idType?: string;
  idNumber?: string;
  sex?: string | null;
  birthday?: Dayjs | null;
  age?: number | null;
  amount?: string;
  memberConsent?: boolean;
};
const FIELDS = ["vin", "soldAt", "ownerName", "phone", "idType", "idNumber", "sex", "birthday", "age", "amount", "memberConsent"] as const;
const MINUTE = "YYYY-MM-DD HH:mm";
const DAY = "YYYY-MM-DD";
/** Now and today on the business clock (the picker shows Beijing wall-clock time). */
const beijingNow = () => dateToMinute(new Date());

export function SaleRecorder({ idTypes, sexes }: { idTypes: DictItemView[]; sexes: DictItemView[] }) {
  const t = useTranslations("VehicleSales.record");
  const tf = useTranslations("Vehicles.fields");
  const te = useTranslations("Vehicles.errors");
  const locale = useLocale();
  const router = useRouter();
  const run = useVehicleAction();
  const [form] = Form.useForm<Values>();
  const [car, setCar] = useState<Facts | null>(null);
  const [busy, setBusy] = useState<"query" | "sell" | null>(null);
  const wasDerived = useRef(false);
  const idType = Form.useWatch("idType", form);
  const idNumber = Form.useWatch("idNumber", form);
  const soldAt = Form.useWatch("soldAt", form);
  const today = beijingNow().slice(0, 10);
  const derived = ownerFactsFromId(idType, idNumber, soldAt?.format(DAY) ?? today, today);

  const query = async () => {
    setBusy("query");
    const out = await run(form, ZVinQuery, saleQueryAction, { vin: String(form.getFieldValue("vin") ?? "") }, ["vin"]);
    setBusy(null);
    if (!out) return;
    wasDerived.current = false;
    form.resetFields();
    form.setFieldsValue({ vin: out.car.vin, soldAt: dayjs(beijingNow()), idType: "PRC_ID" });
    setCar(out.car);
  };

  const clear = () => {
    wasDerived.current = false;
    form.resetFields();
    setCar(null);
  };

  const onValuesChange = (changed: Values, all: Values) => {
    // A message on a field goes away once the field changes (the ID's also when its type does).
    const touched = Object.keys(changed).concat("idType" in changed ? ["idNumber"] : []);
    form.setFields(touched.map((name) => ({ name: name as keyof Values, errors: [] })));
    if ("vin" in changed && car && normalizeVin(changed.vin ?? "") !== car.vin) setCar(null);
    if (!("idType" in changed || "idNumber" in changed || "soldAt" in changed || "birthday" in changed)) return;
    const saleDay = all.soldAt?.format(DAY) ?? today;
    const facts = ownerFactsFromId(all.idType, all.idNumber, saleDay, today);
    if (facts) form.setFieldsValue({ birthday: dayjs(facts.birthday), sex: facts.sex, age: facts.age });
    else if (wasDerived.current) form.setFieldsValue({ birthday: null, sex: null, age: null });
    else if (all.birthday) form.setFieldsValue({ age: ageOn(all.birthday.format(DAY), saleDay) });
    wasDerived.current = !!facts;
  };

  const submit = async () => {
    if (!car) return;
    if (
      !(await form.validateFields().then(
        () => true,
        () => false,
      ))
    )
      return;
    const v = form.getFieldsValue(true) as Values;
    const facts = ownerFactsFromId(v.idType, v.idNumber, v.soldAt?.format(DAY) ?? today, today);
    // With a resident ID the server derives birthday, sex and age from the number itself.
    const input = {
      vin: car.vin,
      soldAt: v.soldAt ? v.soldAt.format(MINUTE) : "",
      ownerName: v.ownerName ?? "",
      phone: v.phone ?? "",
      idType: v.idType ?? "",
      idNumber: v.idNumber ?? "",
      sex: facts ? null : (v.sex ?? null),
      birthday: facts ? null : v.birthday ? v.birthday.format(DAY) : null,
      age: facts ? null : (v.age ?? null),
      amount: v.amount?.trim() ? v.amount.trim() : null,
      memberConsent: v.memberConsent === true,
    };
    setBusy("sell");
    const out = await run(form, ZSellVehicle, sellVehicleAction, input, FIELDS);
    setBusy(null);
    if (!out) return;
    toast(
      "success",
      <span data-testid="sale-done">
        {t("done", { vin: out.vin, start: out.warrantyStart, end: out.warrantyEnd })}
        {out.member && (
          <>
            {" "}
            <span data-testid="sale-member">
              {t("memberJoined", { created: String(out.member.created), memberNo: out.member.memberNo, points: out.member.points, balance: out.member.balance })}
            </span>
          </>
        )}
      </span>,
    );
    clear();
    router.refresh();
  };

  const checkResidentId = async (_: unknown, value: unknown) => {
    if (form.getFieldValue("idType") !== "PRC_ID" || typeof value !== "string" || !value.trim()) return;
    const problem = residentIdProblem(value.trim().toUpperCase(), today);
    if (problem) throw new Error(te(`residentId_${problem}`));
  };

  const fromId = derived ? t("fromId") : undefined;
  return (
    <Card title={t("title")} size="small" data-testid="sale-recorder">
      <Form<Values> form={form} layout="vertical" requiredMark onValuesChange={onValuesChange}>
        <Form.Item label={tf("vin")} required extra={car ? undefined : t("hint")} style={{ marginBottom: car ? 8 : 0 }}>
          <Space.Compact style={{ width: "100%", maxWidth: 520 }}>
            <Form.Item name="vin" noStyle>
              <Input
                aria-label={tf("vin")}
                placeholder={t("vinPlaceholder")}
                maxLength={20}
                autoComplete="off"
                spellCheck={false}
                onPressEnter={(e) => (e.preventDefault(), void query())}
                data-testid="sale-vin"
              />
            </Form.Item>
            <Button type="primary" onClick={() => void query()} loading={busy === "query"} data-testid="sale-query">
              {t("query")}
            </Button>
          </Space.Compact>
        </Form.Item>
        {car && (
          <>
            <CarFacts car={car} ns="VehicleSales" />
            <Row gutter={16}>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="soldAt" label={tf("soldAt")} required extra={t("beijingTime")}>
                  <DatePicker
                    showTime={{ format: "HH:mm" }}
                    format={MINUTE}
                    style={{ width: "100%" }}
                    data-testid="sale-sold-at"
                    disabledDate={(d) => d.format(DAY) > today || d.format(DAY) < car.entryAt.slice(0, 10)}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="ownerName" label={tf("ownerName")} required>
                  <Input maxLength={50} autoComplete="off" data-testid="sale-owner-name" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="phone" label={tf("phone")} required>
                  <Input maxLength={20} inputMode="tel" autoComplete="off" data-testid="sale-phone" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="idType" label={tf("idType")} required>
                  <Select options={dictOptions(idTypes, locale)} data-testid="sale-id-type" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="idNumber" label={tf("idNumber")} required rules={[{ validator: checkResidentId }]} validateTrigger="onBlur">
                  <Input maxLength={30} autoComplete="off" spellCheck={false} data-testid="sale-id-number" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="sex" label={tf("sex")} extra={fromId}>
                  <Select allowClear options={dictOptions(sexes, locale)} disabled={!!derived} data-testid="sale-sex" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="birthday" label={tf("birthday")} extra={fromId}>
                  <DatePicker format={DAY} style={{ width: "100%" }} disabled={!!derived} disabledDate={(d) => d.format(DAY) > today} data-testid="sale-birthday" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="age" label={tf("age")} extra={fromId}>
                  <InputNumber min={16} max={120} precision={0} style={{ width: "100%" }} disabled={!!derived} data-testid="sale-age" />
                </Form.Item>
              </Col>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="amount" label={tf("amount")} extra={t("amountHint")}>
                  <Input inputMode="decimal" maxLength={16} autoComplete="off" data-testid="sale-amount" />
                </Form.Item>
              </Col>
              <Col xs={24}>
                <Form.Item name="memberConsent" valuePropName="checked">
                  <Checkbox data-testid="sale-member-consent">{t("consent")}</Checkbox>
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" onClick={() => void submit()} loading={busy === "sell"} data-testid="sale-submit">
                {t("submit")}
              </Button>
              <Button onClick={clear} data-testid="sale-clear">
                {t("another")}
              </Button>
            </Space>
          </>
        )}
      </Form>
    </Card>
  );
}
