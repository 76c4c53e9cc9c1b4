import type { SmsSender } from "./types";

/** The default sender: delivery is the SmsMessage row itself, read on the system/smsOutbox
 * screen (development, demos, and tests read codes from there). */
export const outboxSender: SmsSender = {
  name: "outbox",
  outbox: true,
  async transmit() {},
};
