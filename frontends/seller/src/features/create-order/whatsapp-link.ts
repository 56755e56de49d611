/**
 * A wa.me link that opens WhatsApp on a chat with the buyer, the message typed in (the seller
 * still presses Send). wa.me wants the number in international form, digits only: the API
 * stores phones as E.164 (+2547XXXXXXXX), so dropping the '+' is enough.
 */
export function whatsappLink(buyerPhone: string, message: string): string {
  const digits = buyerPhone.replace(/\D/g, '');
  return `https://wa.me/${digits}?text=${encodeURIComponent(message)}`;
}

/** The message the buyer receives with the link to pay and follow the order. */
export function buyerMessage(args: { buyerName: string; itemName: string; price: string; businessName: string; buyerLink: string }): string {
  return [
    `Hello ${args.buyerName}, here is your order from ${args.businessName}: ${args.itemName}, ${args.price}.`,
    'Your payment is held safely in escrow until you receive the item. Pay and follow your order here:',
    args.buyerLink,
  ].join('\n');
}
