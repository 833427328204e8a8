import { colorNameBn } from "~/core/catalogue-bn";
import { formatNumber } from "~/core/money";

import type { MessageLanguage, SmsEvent } from "~/core/notifications";
import type { MailMessage } from "../mail/mailer";

export type OrderSummary = {
  orderNumber: number;
  lines: { name: string; color: string; size: string; unitPrice: number; quantity: number }[];
  subTotal: number;
  deliveryCharge: number;
  total: number;
  district: string;
  thana: string;
};

const SUBJECTS: Record<SmsEvent, Record<MessageLanguage, string>> = {
  order_placed: { bn: "আপনার অর্ডার #{n} গ্রহণ করা হয়েছে", en: "Your order #{n} is placed" },
  order_confirmed: { bn: "আপনার অর্ডার #{n} নিশ্চিত হয়েছে", en: "Your order #{n} is confirmed" },
  order_shipped: {
    bn: "আপনার অর্ডার #{n} পাঠানো হয়েছে",
    en: "Your order #{n} is on its way",
  },
  order_delivered: { bn: "আপনার অর্ডার #{n} পৌঁছে গেছে", en: "Your order #{n} is delivered" },
  order_cancelled: { bn: "আপনার অর্ডার #{n} বাতিল হয়েছে", en: "Your order #{n} is cancelled" },
  order_code: { bn: "অর্ডার #{n} এর কোড", en: "The code for order #{n}" },
};

const WORDS = {
  bn: {
    summary: "অর্ডারের বিবরণ",
    item: "পণ্য",
    quantity: "পরিমাণ",
    price: "দাম",
    subTotal: "সাব-টোটাল",
    delivery: "ডেলিভারি চার্জ",
    total: "মোট",
    address: "ঠিকানা",
    taka: "টাকা",
  },
  en: {
    summary: "Order summary",
    item: "Item",
    quantity: "Qty",
    price: "Price",
    subTotal: "Sub-total",
    delivery: "Delivery charge",
    total: "Total",
    address: "Delivery to",
    taka: "Tk",
  },
} as const;

function escapeHtml(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

function money(amount: number, language: MessageLanguage): string {
  const n = formatNumber(amount);
  return language === "bn" ? `${n} ${WORDS.bn.taka}` : `${WORDS.en.taka} ${n}`;
}

function variant(line: OrderSummary["lines"][number], language: MessageLanguage): string {
  const color = language === "bn" ? colorNameBn(line.color) : line.color;
  const parts = [line.size, color].filter((p) => p && p !== "N/A");
  return parts.length > 0 ? ` (${parts.join(", ")})` : "";
}

/** An order email: the event's message (the SMS text) and the order's summary, in its language. */
export function orderMail(o: {
  to: string;
  event: SmsEvent;
  language: MessageLanguage;
  shopName: string;
  lead: string;
  order: OrderSummary;
  trackUrl: string;
}): MailMessage {
  const w = WORDS[o.language];
  const subject = `${SUBJECTS[o.event][o.language].replace("{n}", String(o.order.orderNumber))} — ${o.shopName}`;
  const lines = o.order.lines.map(
    (l) =>
      `- ${l.name}${variant(l, o.language)} × ${l.quantity}: ${money(l.unitPrice * l.quantity, o.language)}`,
  );
  const text = [
    o.lead,
    "",
    `${w.summary} #${o.order.orderNumber}`,
    ...lines,
    `${w.subTotal}: ${money(o.order.subTotal, o.language)}`,
    `${w.delivery}: ${money(o.order.deliveryCharge, o.language)}`,
    `${w.total}: ${money(o.order.total, o.language)}`,
    `${w.address}: ${o.order.thana}, ${o.order.district}`,
    "",
    o.trackUrl,
    "",
    `— ${o.shopName}`,
    "",
  ].join("\n");
  const rows = o.order.lines
    .map(
      (l) =>
        `<tr><td>${escapeHtml(l.name + variant(l, o.language))}</td><td style="text-align:right">${l.quantity}</td><td style="text-align:right">${escapeHtml(money(l.unitPrice * l.quantity, o.language))}</td></tr>`,
    )
    .join("");
  const html = `<!doctype html><html lang="${o.language}"><body style="font-family:system-ui,sans-serif;line-height:1.5;color:#1f2937">
<p>${escapeHtml(o.lead)}</p>
<h2 style="font-size:16px">${escapeHtml(w.summary)} #${o.order.orderNumber}</h2>
<table cellpadding="4" style="border-collapse:collapse;font-size:14px">
<thead><tr><th style="text-align:left">${escapeHtml(w.item)}</th><th>${escapeHtml(w.quantity)}</th><th>${escapeHtml(w.price)}</th></tr></thead>
<tbody>${rows}</tbody>
<tfoot>
<tr><td colspan="2">${escapeHtml(w.subTotal)}</td><td style="text-align:right">${escapeHtml(money(o.order.subTotal, o.language))}</td></tr>
<tr><td colspan="2">${escapeHtml(w.delivery)}</td><td style="text-align:right">${escapeHtml(money(o.order.deliveryCharge, o.language))}</td></tr>
<tr><td colspan="2"><strong>${escapeHtml(w.total)}</strong></td><td style="text-align:right"><strong>${escapeHtml(money(o.order.total, o.language))}</strong></td></tr>
</tfoot></table>
<p style="font-size:14px">${escapeHtml(w.address)}: ${escapeHtml(`${o.order.thana}, ${o.order.district}`)}</p>
<p style="font-size:14px"><a href="${escapeHtml(o.trackUrl)}">${escapeHtml(o.trackUrl)}</a></p>
<p>— ${escapeHtml(o.shopName)}</p>
</body></html>`;
  return { to: o.to, subject, text, html, link: o.trackUrl };
}
