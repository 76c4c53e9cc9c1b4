import type { DictItemView } from "@/lib/dict/items";
import type { CartType } from "@/lib/mall/cart/rules";

/** What the cart hands the submit-order form: the selected lines and the form's choices. */
export type SubmitOrderProps = {
  type: CartType;
  lines: { id: number; name: string; quantity: number; subtotal: string }[];
  dicts: { deliveryWay: DictItemView[]; carrierType: DictItemView[] };
  onClose: () => void;
};
