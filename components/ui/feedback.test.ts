// An action's refusal on screen: an ended session goes to sign-in and back, the rest is a toast.
import { beforeEach, describe, expect, it, vi } from "vitest";

const shown = vi.hoisted(() => ({ toast: vi.fn() }));
vi.mock("@/components/shell/feedback-impl", () => ({ toast: shown.toast, errorDialog: vi.fn(), confirmDialog: vi.fn() }));

const { actionFailed } = await import("./feedback");
const assign = vi.fn();

beforeEach(() => {
  assign.mockClear();
  shown.toast.mockClear();
  vi.stubGlobal("window", { location: { pathname: "/customerWeb/car/stock", search: "?vin=LVX&page=2", assign } });
});

describe("actionFailed", () => {
  it("sends an ended session (UNAUTHENTICATED) to sign-in, coming back to this page", () => {
    actionFailed({ code: "UNAUTHENTICATED", message: "Your session has ended. Please sign in again." });
    expect(assign).toHaveBeenCalledWith(`/customerWeb/system/login?callbackUrl=${encodeURIComponent("/car/stock?vin=LVX&page=2")}`);
  });

  it("shows any other refusal as an error toast and stays", async () => {
    actionFailed({ code: "CONFLICT", message: "Out of stock" });
    await vi.waitFor(() => expect(shown.toast).toHaveBeenCalledWith("error", "Out of stock"));
    expect(assign).not.toHaveBeenCalled();
  });
});
