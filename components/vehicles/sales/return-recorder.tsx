"use client";

import { Alert, Button, Card, Col, DatePicker, Form, Input, Row, Space } from "antd";
import "@/components/providers/antd-css";
import dayjs, { type Dayjs } from "dayjs";
import { useTranslations } from "next-intl";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { toast } from "@/components/ui/feedback";
import { returnQueryAction, returnVehicleAction, type ReturnQuery } from "@/lib/vehicles/sales/actions";
import { dateToMinute, ZReturnVehicle, ZVinQuery } from "@/lib/vehicles/schemas";
import { normalizeVin } from "@/lib/vehicles/vin";
import { CarFacts } from "./car-facts";
import { useVehicleAction } from "./use-vehicle-action";

// "Record a return" (car/carReturn): query a VIN the dealer sold, see the sale and until when it
// may be returned, enter the return time (Beijing time) and the reason.

type Values = { vin?: string; returnedAt?: Dayjs | null; reason?: string };
const FIELDS = ["vin", "returnedAt", "reason"] as const;
const MINUTE = "YYYY-MM-DD HH:mm";
const DAY = "YYYY-MM-DD";
const beijingNow = () => dateToMinute(new Date());

export function ReturnRecorder() {
  const t = useTranslations("CarReturns.record");
  const tf = useTranslations("Vehicles.fields");
  const router = useRouter();
  const run = useVehicleAction();
  const [form] = Form.useForm<Values>();
  const [found, setFound] = useState<ReturnQuery | null>(null);
  const [busy, setBusy] = useState<"query" | "return" | null>(null);
  const today = beijingNow().slice(0, 10);

  const query = async () => {
    setBusy("query");
    const out = await run(form, ZVinQuery, returnQueryAction, { vin: String(form.getFieldValue("vin") ?? "") }, ["vin"]);
    setBusy(null);
    if (!out) return;
    form.resetFields();
    form.setFieldsValue({ vin: out.car.vin, returnedAt: dayjs(beijingNow()) });
    setFound(out);
  };

  const clear = () => {
    form.resetFields();
    setFound(null);
  };

  const onValuesChange = (changed: Values) => {
    form.setFields(Object.keys(changed).map((name) => ({ name: name as keyof Values, errors: [] })));
    if ("vin" in changed && found && normalizeVin(changed.vin ?? "") !== found.car.vin) setFound(null);
  };

  const submit = async () => {
    if (!found) return;
    const v = form.getFieldsValue(true) as Values;
    const input = { vin: found.car.vin, returnedAt: v.returnedAt ? v.returnedAt.format(MINUTE) : "", reason: v.reason ?? "" };
    setBusy("return");
    const out = await run(form, ZReturnVehicle, returnVehicleAction, input, FIELDS);
    setBusy(null);
    if (!out) return;
    toast("success", <span data-testid="return-done">{t("done", { vin: out.vin })}</span>);
    clear();
    router.refresh();
  };

  const last = found ? (found.returnBy.slice(0, 10) < today ? found.returnBy.slice(0, 10) : today) : today;
  return (
    <Card title={t("title")} size="small" data-testid="return-recorder">
      <Form<Values> form={form} layout="vertical" requiredMark onValuesChange={onValuesChange}>
        <Form.Item label={tf("vin")} required extra={found ? undefined : t("hint")} style={{ marginBottom: found ? 8 : 0 }}>
          <Space.Compact style={{ width: "100%", maxWidth: 520 }}>
            <Form.Item name="vin" noStyle>
              <Input
                aria-label={tf("vin")}
                placeholder={t("vinPlaceholder")}
                maxLength={20}
                autoComplete="off"
                spellCheck={false}
                onPressEnter={(e) => (e.preventDefault(), void query())}
                data-testid="return-vin"
              />
            </Form.Item>
            <Button type="primary" onClick={() => void query()} loading={busy === "query"} data-testid="return-query">
              {t("query")}
            </Button>
          </Space.Compact>
        </Form.Item>
        {found && (
          <>
            <CarFacts
              car={found.car}
              ns="CarReturns"
              extra={[
                { key: "soldAt", label: t("soldAt"), children: <span data-testid="return-sold-at">{found.soldAt}</span> },
                { key: "owner", label: t("owner"), children: found.ownerName },
                { key: "window", label: t("window"), children: t("windowDays", { days: found.windowDays }) },
              ]}
            />
            {found.open ? (
              <Alert type="info" showIcon style={{ marginBottom: 16 }} title={<span data-testid="return-by">{t("returnBy", { time: found.returnBy })}</span>} />
            ) : (
              <Alert type="warning" showIcon style={{ marginBottom: 16 }} title={<span data-testid="return-closed">{t("windowClosed", { time: found.returnBy })}</span>} />
            )}
            <Row gutter={16}>
              <Col xs={24} md={12} lg={8}>
                <Form.Item name="returnedAt" label={tf("returnedAt")} required extra={t("beijingTime")}>
                  <DatePicker
                    showTime={{ format: "HH:mm" }}
                    format={MINUTE}
                    style={{ width: "100%" }}
                    data-testid="return-returned-at"
                    disabledDate={(d) => d.format(DAY) < found.soldAt.slice(0, 10) || d.format(DAY) > last}
                  />
                </Form.Item>
              </Col>
              <Col xs={24} lg={16}>
                <Form.Item name="reason" label={tf("reason")} required>
                  <Input.TextArea rows={3} maxLength={500} showCount placeholder={t("reasonPlaceholder")} data-testid="return-reason" />
                </Form.Item>
              </Col>
            </Row>
            <Space>
              <Button type="primary" danger onClick={() => void submit()} loading={busy === "return"} disabled={!found.open} data-testid="return-submit">
                {t("submit")}
              </Button>
              <Button onClick={clear} data-testid="return-clear">
                {t("another")}
              </Button>
            </Space>
          </>
        )}
      </Form>
    </Card>
  );
}
