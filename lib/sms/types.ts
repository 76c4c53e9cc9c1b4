/** One text message to deliver. `content` holds the code itself, so it is never logged. */
export type SmsRequest = { phone: string; scene: string; content: string; params: Record<string, string> };

/** A way to deliver a message: resolves when accepted, throws (without secrets in the message) when not. */
export interface SmsSender {
  readonly name: string;
  /** The stored message is the delivery (the outbox screen): its code stays readable until
   * the code is spent. Any other sender's messages are stored with the code masked. */
  readonly outbox?: boolean;
  transmit(message: SmsRequest): Promise<void>;
}
