/** The shop's public identity and contact details, from configuration (decisions.md). */
export type ShopInfo = {
  name: string;
  phone: string;
  email: string;
  address: string;
  facebookUrl: string;
  publicUrl: string;
  /** FREE_DELIVERY_OVER: delivery is free from this sub-total in taka; 0 = no free delivery. */
  freeDeliveryOver: number;
};

/** A phone number as a WhatsApp link: Bangladesh numbers get the 88 country code. */
export function whatsappLink(phone: string): string {
  const digits = phone.replace(/\D/g, "");
  const international = digits.startsWith("0") ? `88${digits}` : digits;
  return `https://wa.me/${international}`;
}
