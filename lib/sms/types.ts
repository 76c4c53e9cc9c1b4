/** One text message to deliver. `content` holds the code itself, so it is never logged. */
export type SmsRequest = { phone: string; scene: string; content: string; params: Record<string, string> };

/** A way to deliver a message: resolves when accepted, throws (without secrets in the message) when not. */
export interface SmsSender {
  readonly name: string;
  transmit(message: SmsRequest): Promise<void>;
}
