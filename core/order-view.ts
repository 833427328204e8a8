import type { CheckoutLine, CustomerDetails } from "./checkout";
import type { OrderCourierView, OrderRiskView } from "./courier";
import type { OrderCallState, OrderCallView, OrderNoteView } from "./order-calls";
import type { OrderStatus } from "./order-status";
import type { OrderCodeView } from "./order-tracking";

/** One line of an order as sold (spec §3 order line; `originalPrice` is the unit price it sold at), plus its total. */
export type OrderLineView = CheckoutLine & { lineTotal: number };

/** Spec §3 customerData with the delivery charge the order was given. */
export type OrderCustomerView = CustomerDetails & { deliveryCharge: number };

export type OrderHistoryEntry = {
  from: OrderStatus | null;
  to: OrderStatus;
  at: string;
  byRole: "admin" | "customer" | "system";
  /** The name of whoever made the change, when that account still exists. */
  byName: string | null;
  /** How a change nobody made came about: "by courier booking", "by courier: …". */
  note: string | null;
};

/** An order as the API and the dashboard show it (spec §3 order). */
export type OrderView = {
  _id: string;
  orderNumber: number;
  /** "05 Mar, 2025" in Dhaka time. */
  date: string;
  /** "09:05 pm" in Dhaka time. */
  time: string;
  placedAt: string;
  subTotal: number;
  total: number;
  orderStatus: OrderStatus;
  email: string;
  products: OrderLineView[];
  customerData: OrderCustomerView;
  /**
   * A Delivered order: the last moment its owner may set Return (RETURN_DAYS after delivery),
   * ISO time. Null for every other status.
   */
  returnBy: string | null;
  /** The order's parcel once a courier is involved (customers: once booked); null before. */
  courier: OrderCourierView | null;
  /** Admins only: this phone number's history at the shop. */
  risk?: OrderRiskView;
  /** Admins only: why the order is held (its number is blocked); null when it is not. */
  heldReason?: string | null;
  /**
   * The order waits for the code sent to its phone (ORDER_OTP, decision 060): admins always get
   * the flag, the order's owner only while it is true.
   */
  awaitingCode?: boolean;
  /** Admins only, while `awaitingCode`: the code's state (valid, expired, locked; tries left). */
  code?: OrderCodeView;
  /** Admins only: the confirmation calls so far (attempts, the last one). */
  confirmation?: OrderCallState;
  /** An order in Return: when an admin marked its goods received (its stock went back), ISO time. */
  returnReceivedAt: string | null;
};

export type OrderDetailView = OrderView & {
  history: OrderHistoryEntry[];
  /** Admins only: every confirmation call and the internal notes (never the customer's). */
  calls?: OrderCallView[];
  notes?: OrderNoteView[];
};

export type OrderPage = { data: OrderView[]; nextCursor: string | null; total: number };

/**
 * One Dhaka calendar day (`YYYY-MM-DD`) of the orders placed on it: how many, their revenue (the
 * totals of those delivered: money the shop has) and their placed value (every order's total,
 * whatever became of it).
 */
export type DailyOrderStat = { day: string; orders: number; revenue: number; placed: number };
